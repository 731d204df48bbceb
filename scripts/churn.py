#!/usr/bin/env python3
"""Heavy churn under an open picker, then Ctrl+A and Return: does Done hand back exactly the
media on disk? Prints one line: files the window returned, files `photopick list` finds after
the churn, and the differences. Run under a session bus: `dbus-run-session -- scripts/churn.py`.

  PHOTOPICK_BIN=.build/release/photopick scripts/churn.py [--folders 20] [--files 1000] [--seconds 15]
"""
import argparse, os, random, shutil, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from soak import Xvfb, Picker  # noqa: E402


def jpeg_bytes(work):
    path = os.path.join(work, "seed.jpg")
    subprocess.run(["convert", "-size", "64x48", "gradient:red-blue", path], check=True)
    with open(path, "rb") as f:
        return f.read()


def churn(folders, files, data, seconds, rng):
    ops, end = 0, time.time() + seconds
    while time.time() < end:
        folder = rng.choice(folders)
        path = os.path.join(folder, f"IMG_{rng.randrange(files + files // 2)}.jpg")
        kind = rng.randrange(6)
        try:
            if kind == 0:
                os.truncate(path, 0)
            elif kind == 1:
                with open(path, "wb") as f:
                    f.write(data[:rng.randrange(len(data))])
            elif kind == 2:
                temporary = path + ".part"
                with open(temporary, "wb") as f:
                    f.write(data)
                os.rename(temporary, path)
            elif kind == 3:
                os.unlink(path)
            elif kind == 4:
                with open(path, "wb") as f:
                    f.write(data)
            else:
                os.unlink(path)
                with open(os.path.join(folder, f"IMG_{rng.randrange(files + files // 2)}.jpg"), "wb") as f:
                    f.write(data)
        except OSError:
            pass
        ops += 1
    return ops


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folders", type=int, default=20)
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=15)
    args = parser.parse_args()
    binary = os.environ.get("PHOTOPICK_BIN", ".build/release/photopick")
    work = tempfile.mkdtemp(prefix="photopick-churn-")
    try:
        data = jpeg_bytes(work)
        library = os.path.join(work, "Pictures")
        folders = [os.path.join(library, f"folder-{i:02}") for i in range(args.folders)]
        for folder in folders:
            os.makedirs(folder)
            for i in range(args.files):
                with open(os.path.join(folder, f"IMG_{i}.jpg"), "wb") as f:
                    f.write(data)
        env = {"XDG_CACHE_HOME": os.path.join(work, "cache"), "XDG_CONFIG_HOME": os.path.join(work, "config")}
        xvfb = Xvfb()
        try:
            picker = Picker(xvfb, binary, ["--format", "lines", library], env)
            picker.wait_ready(120)
            ops = churn(folders, args.files, data, args.seconds, random.Random(7))
            time.sleep(3)  # the watcher's debounce and the last batch
            picker.keys("ctrl+a", "Return")
            if picker.process.poll() is None:  # picks taken back at Done: the notice, then Done again
                time.sleep(1)
                picker.keys("Return")
            picker.finish(60)
            picker.out.seek(0)
            returned = set(picker.out.read().decode("utf-8", "surrogateescape").splitlines())
        finally:
            xvfb.stop()
        listed = subprocess.run([binary, "list", library], capture_output=True, env=dict(os.environ, **env))
        on_disk = set(listed.stdout.decode("utf-8", "surrogateescape").splitlines())
        gone = returned - on_disk
        missing = on_disk - returned
        print(f"churn: {ops} operations in {args.seconds:g} s ({ops / args.seconds:.0f}/s); Done returned {len(returned)}, "
              f"on disk {len(on_disk)}; returned but gone or not media: {len(gone)}; on disk but not returned: {len(missing)}")
        return 0 if not gone and not missing else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
