#!/usr/bin/env python3
"""Soak tests of the picker window under a private Xvfb, measuring memory.

    scripts/soak.py cycles [--count 200]        open, pick, close the picker N times
    scripts/soak.py scroll [--photos 100000] [--minutes 10]
                                                scroll a large library for M minutes
    scripts/soak.py end [--library DIR | --photos 100000] [--rate 25]
                                                hold Page Down to the last photo, cold then warm

PHOTOPICK_BIN names the photopick to run (its photopick-thumbnailer must be beside it).
Each run prints a table and a summary, and writes CSV files to --out (default
/tmp/photopick-soak). Memory is the resident set size (VmRSS) of photopick itself and the
sum over its thumbnail worker processes. Exit status 1 if a cycle fails, a worker is left
behind, or memory grows past --max-growth (default 25 %) from the first samples to the last.
"""

import argparse
import csv
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def rss_kb(pid, field="VmRSS"):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def count(path):
    try:
        return len(os.listdir(path))
    except OSError:
        return 0


def still_running(pids):
    """The thumbnail workers among `pids` that are still alive (left behind by their window)."""
    out = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/comm") as f:
                if f.read().strip().startswith("photopick-thumb"):
                    out.append(pid)
        except OSError:
            pass
    return out


class Xvfb:
    def __init__(self):
        # Xvfb picks a free display itself and writes its number (no race with other servers).
        r, w = os.pipe()
        self.process = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                        pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(w)
        number = b""
        with os.fdopen(r, "rb") as f:
            while not number.endswith(b"\n"):
                chunk = f.read(1)
                if not chunk:
                    raise SystemExit("soak: could not start Xvfb")
                number += chunk
        self.display = ":" + number.decode().strip()

    def stop(self):
        self.process.terminate()
        self.process.wait()

    def xdotool(self, *args):
        return subprocess.run(["xdotool", *args], env={"DISPLAY": self.display, "PATH": "/usr/bin:/bin"},
                              capture_output=True, text=True, timeout=20)


class Picker:
    """One photopick window, started and waited for as the GUI tests do."""

    def __init__(self, xvfb, binary, args, env_extra):
        self.xvfb = xvfb
        self.ready = tempfile.mktemp(prefix="photopick-soak-ready-")
        env = dict(os.environ, DISPLAY=xvfb.display, GDK_BACKEND="x11", GSK_RENDERER="cairo",
                   GSETTINGS_BACKEND="memory", NO_AT_BRIDGE="1", GTK_A11Y="none", PHOTOPICK_READY_FILE=self.ready, **env_extra)
        env.pop("WAYLAND_DISPLAY", None)
        self.workers_seen = set()
        self.out = tempfile.TemporaryFile()
        self.err = tempfile.TemporaryFile()
        self.started = time.time()
        self.process = subprocess.Popen([binary, *args], env=env, stdout=self.out, stderr=self.err, stdin=subprocess.DEVNULL)

    def wait_ready(self, timeout):
        deadline = time.time() + timeout
        while not os.path.exists(self.ready):
            if self.process.poll() is not None or time.time() > deadline:
                raise RuntimeError(f"picker not ready (status {self.process.poll()}): {self.stderr()}")
            time.sleep(0.02)
        self.ready_after = time.time() - self.started
        window = None
        while window is None and time.time() < deadline:
            ids = self.xvfb.xdotool("search", "--onlyvisible", "--pid", str(self.process.pid)).stdout.split()
            window = ids[-1] if ids else None
            if window is None:
                time.sleep(0.05)
        if window is None:
            raise RuntimeError("no visible picker window")
        self.window = window
        self.xvfb.xdotool("windowfocus", "--sync", window)
        time.sleep(0.2)

    def keys(self, *names, pause=0.08):
        for name in names:
            self.xvfb.xdotool("key", "--clearmodifiers", name)
            time.sleep(pause)

    def memory(self):
        workers = children(self.process.pid)
        self.workers_seen.update(workers)
        return rss_kb(self.process.pid), sum(rss_kb(w) for w in workers), len(workers), count(f"/proc/{self.process.pid}/fd")

    def finish(self, timeout=30):
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        try:
            os.unlink(self.ready)
        except OSError:
            pass
        self.out.seek(0)
        return self.process.returncode, self.out.read()

    def stderr(self):
        self.err.seek(0)
        return self.err.read().decode(errors="replace")[-2000:]


def make_seeds(folder, n):
    """Real JPEGs with texture (so thumbnails are not trivially flat), via ImageMagick."""
    seeds = []
    for i in range(n):
        path = os.path.join(folder, f"seed-{i}.jpg")
        subprocess.run(["convert", "-size", "400x300", f"plasma:hsl({i * 360 // n},80%,50%)-hsl({(i * 97) % 360},70%,40%)",
                        "-quality", "70", path], check=True)
        with open(path, "rb") as f:
            seeds.append(f.read())
        os.unlink(path)
    return seeds


def make_library(root, photos, per_folder=1000, seeds=24):
    os.makedirs(root, exist_ok=True)
    data = make_seeds(root, seeds)
    rng = random.Random(7)
    now = time.time()
    for i in range(photos):
        folder = os.path.join(root, f"{2000 + i // per_folder // 12:04d}", f"album-{i // per_folder:03d}")
        if i % per_folder == 0:
            os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, f"IMG_{i:06d}.jpg")
        with open(path, "wb") as f:
            f.write(data[i % len(data)])
        stamp = now - rng.uniform(0, 20 * 365 * 86400)
        os.utime(path, (stamp, stamp))


def summary(label, values):
    if not values:
        return f"{label}: no samples"
    return (f"{label}: min {min(values) / 1024:.1f} MiB, max {max(values) / 1024:.1f} MiB, "
            f"mean {statistics.mean(values) / 1024:.1f} MiB")


def growth(values, window):
    first = statistics.mean(values[:window])
    last = statistics.mean(values[-window:])
    return first, last, (last - first) / first if first else 0.0


def cycles(args):
    binary = os.environ.get("PHOTOPICK_BIN") or shutil.which("photopick")
    work = tempfile.mkdtemp(prefix="photopick-soak-")
    library = os.path.join(work, "Pictures")
    make_library(library, args.photos, per_folder=100)
    env = {"XDG_CACHE_HOME": os.path.join(work, "cache"), "XDG_CONFIG_HOME": os.path.join(work, "config")}
    xvfb = Xvfb()
    rows, failures = [], 0
    print(f"soak cycles: {args.count} × open, pick 2, Return on {args.photos} photos ({binary})")
    print(f"{'cycle':>5} {'ready s':>8} {'rss MiB':>8} {'peak MiB':>9} {'workers MiB':>12} {'fds':>4} {'exit':>4} {'left':>4}")
    try:
        for cycle in range(1, args.count + 1):
            picker = Picker(xvfb, binary, ["--format", "lines", library], env)
            try:
                picker.wait_ready(60)
                picker.keys("space", "Right", "space")
                time.sleep(args.dwell)
                rss, workers_rss, _, fds = picker.memory()
                peak = rss_kb(picker.process.pid, "VmHWM")
                picker.keys("Return")
                status, out = picker.finish()
                ok = status == 0 and len(out.splitlines()) == 2
            except RuntimeError as error:
                print(f"cycle {cycle}: {error}", file=sys.stderr)
                status, _ = picker.finish(timeout=5)
                rss = peak = workers_rss = fds = 0
                ok = False
            # Workers end with their window (at once when idle, within a second or two when busy).
            linger = time.time()
            while still_running(picker.workers_seen) and time.time() - linger < 3:
                time.sleep(0.05)
            left = len(still_running(picker.workers_seen))
            failures += 0 if ok and left == 0 else 1
            row = dict(cycle=cycle, ready_s=round(getattr(picker, "ready_after", 0), 2), rss_kb=rss, peak_kb=peak,
                       workers_rss_kb=workers_rss, fds=fds, status=status, workers_left=left)
            rows.append(row)
            if cycle <= 5 or cycle % 10 == 0 or not ok:
                print(f"{cycle:5d} {row['ready_s']:8.2f} {rss / 1024:8.1f} {peak / 1024:9.1f} {workers_rss / 1024:12.1f} "
                      f"{fds:4d} {status:4d} {left:4d}")
    finally:
        xvfb.stop()
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "soak-cycles.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    good = [r for r in rows if r["rss_kb"]]
    rss = [r["rss_kb"] for r in good]
    window = max(1, min(20, len(rss) // 4))
    first, last, change = growth(rss, window)
    print(summary("photopick RSS before Return", rss))
    print(summary("photopick peak RSS (VmHWM)", [r["peak_kb"] for r in good]))
    print(summary("thumbnail workers RSS", [r["workers_rss_kb"] for r in good]))
    print(f"first {window} cycles {first / 1024:.1f} MiB, last {window} {last / 1024:.1f} MiB: {change * 100:+.1f} %")
    print(f"failed cycles: {failures}; ready in {statistics.mean(r['ready_s'] for r in good):.2f} s on average")
    shutil.rmtree(work, ignore_errors=True)
    return 1 if failures or change > args.max_growth else 0


def scroll(args):
    binary = os.environ.get("PHOTOPICK_BIN") or shutil.which("photopick")
    work = tempfile.mkdtemp(prefix="photopick-soak-")
    library = os.path.join(work, "Pictures")
    started = time.time()
    make_library(library, args.photos)
    print(f"soak scroll: {args.photos} photos made in {time.time() - started:.0f} s; scrolling for {args.minutes} min ({binary})")
    cache = os.path.join(work, "cache")
    env = {"XDG_CACHE_HOME": cache, "XDG_CONFIG_HOME": os.path.join(work, "config")}
    xvfb = Xvfb()
    rows = []
    status = 0
    try:
        picker = Picker(xvfb, binary, [library], env)
        picker.wait_ready(900)
        print(f"ready after {picker.ready_after:.1f} s")
        print(f"{'t s':>6} {'rss MiB':>8} {'workers MiB':>12} {'workers':>7} {'fds':>4} {'thumbs':>7} {'keys':>6}")
        t0 = time.time()
        next_sample = t0
        presses = 0
        direction = "Page_Down"
        rng = random.Random(3)
        while time.time() - t0 < args.minutes * 60:
            picker.keys(direction, pause=args.interval)
            presses += 1
            if presses % 1000 == 0:
                direction = "Page_Up" if direction == "Page_Down" else "Page_Down"
            if presses % 251 == 0:
                # A jump; then scroll away from the end it landed on.
                jump = rng.choice(["End", "Home", "space"])
                picker.keys(jump, pause=args.interval)
                direction = {"End": "Page_Up", "Home": "Page_Down"}.get(jump, direction)
            if time.time() >= next_sample:
                rss, workers_rss, workers, fds = picker.memory()
                thumbs = sum(count(os.path.join(cache, "thumbnails", s)) for s in ("normal", "large", "x-large", "xx-large"))
                row = dict(t=round(time.time() - t0), rss_kb=rss, workers_rss_kb=workers_rss, workers=workers, fds=fds,
                           thumbnails=thumbs, keys=presses)
                rows.append(row)
                if len(rows) % 6 == 1:
                    print(f"{row['t']:6d} {rss / 1024:8.1f} {workers_rss / 1024:12.1f} {workers:7d} {fds:4d} {thumbs:7d} {presses:6d}")
                next_sample += args.sample
                if picker.process.poll() is not None:
                    print("soak: the picker exited during the scroll", file=sys.stderr)
                    status = 1
                    break
        subprocess.run(["import", "-window", "root", os.path.join(args.out, "soak-scroll-end.png")],
                       env={"DISPLAY": xvfb.display, "PATH": "/usr/bin:/bin"}, capture_output=True)
        picker.keys("Escape")
        code, _ = picker.finish()
        if code != 1:
            print(f"soak: Escape gave status {code}: {picker.stderr()}", file=sys.stderr)
            status = 1
    finally:
        xvfb.stop()
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "soak-scroll.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        writer.writeheader()
        writer.writerows(rows)
    rss = [r["rss_kb"] for r in rows]
    minute = max(1, int(60 / args.sample))
    # After the first minute (the caches filling up) memory must stay flat.
    settled = rss[minute:] if len(rss) > 3 * minute else rss
    first, last, change = growth(settled, minute)
    print(summary("photopick RSS", rss))
    print(summary("photopick RSS after the first minute", settled))
    print(summary("thumbnail workers RSS", [r["workers_rss_kb"] for r in rows]))
    print(f"minute 2 {first / 1024:.1f} MiB, last minute {last / 1024:.1f} MiB: {change * 100:+.1f} %; "
          f"{rows[-1]['keys']} key presses, {rows[-1]['thumbnails']} thumbnails made, fds {rows[0]['fds']}→{rows[-1]['fds']}")
    linger = time.time()
    while still_running(picker.workers_seen) and time.time() - linger < 3:
        time.sleep(0.05)
    left = still_running(picker.workers_seen)
    print(f"workers left behind: {len(left)}")
    if left or change > args.max_growth:
        status = 1
    shutil.rmtree(work, ignore_errors=True)
    return status


def trace_lines(picker, marker):
    picker.err.seek(0)
    return [line for line in picker.err.read().decode(errors="replace").splitlines()
            if line.startswith("photopick-trace ") and f" {marker}" in line]


def cpu_ticks(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except OSError:
        return 0


def to_end(args):
    """Holds Page Down (at the rate of a held key) from the first photo to the last, on a fresh
    cache (cold) and again on the same cache (warm), and reports photopick's peak memory."""
    binary = os.environ.get("PHOTOPICK_BIN") or shutil.which("photopick")
    work = tempfile.mkdtemp(prefix="photopick-soak-")
    library = args.library
    if not library:
        library = os.path.join(work, "Pictures")
        make_library(library, args.photos)
    cache, config = os.path.join(work, "cache"), os.path.join(work, "config")
    width, height = args.window.split("x")
    xvfb = Xvfb()
    print(f"soak end: Page Down held at {args.rate} keys/s to the last photo of {library}, "
          f"window {args.window} ({binary})")
    status, results = 0, []
    try:
        for run in ("cold", "warm"):
            shutil.rmtree(config, ignore_errors=True)
            os.makedirs(os.path.join(config, "photopick"))
            with open(os.path.join(config, "photopick", "settings.json"), "w") as f:
                f.write(f'{{"version": 1, "window": {{"width": {width}, "height": {height}}}}}')
            picker = Picker(xvfb, binary, [library], {"XDG_CACHE_HOME": cache, "XDG_CONFIG_HOME": config,
                                                      "PHOTOPICK_TRACE": "1"})
            picker.wait_ready(900)  # the scan has finished
            pid = picker.process.pid
            picker.keys("Home")
            time.sleep(1)
            started, pressed, last = time.time(), 0, None
            while time.time() - started < args.timeout * 60:
                viewports = trace_lines(picker, "viewport ")
                if viewports:
                    shown, _, total = viewports[-1].split(" viewport ")[1].partition(" of ")
                    last = (int(shown.split("-")[1]), int(total))
                    if last[0] >= last[1] - 1:
                        break
                batch = max(1, int(args.rate * 4))
                xvfb.xdotool("key", "--clearmodifiers", "--delay", str(int(1000 / args.rate)), "--repeat", str(batch),
                             "Page_Down")
                pressed += batch
            reached = last is not None and last[0] >= last[1] - 1
            # Settled: the window's own CPU idle for three seconds.
            idle, ticks = 0, cpu_ticks(pid)
            while idle < 3:
                time.sleep(1)
                now = cpu_ticks(pid)
                idle, ticks = (idle + 1 if now - ticks < 5 else 0), now
            census = (trace_lines(picker, "textures ") or ["-"])[-1].partition(" textures ")[2]
            row = dict(run=run, reached_end=reached, keys=pressed, seconds=round(time.time() - started),
                       peak_mib=round(rss_kb(pid, "VmHWM") / 1024), rss_mib=round(rss_kb(pid) / 1024), textures=census)
            results.append(row)
            print(f"{run}: {'reached the last photo' if reached else 'did NOT reach the end'} after {pressed} keys, "
                  f"{row['seconds']} s; peak (VmHWM) {row['peak_mib']} MiB, now {row['rss_mib']} MiB; textures {census}")
            with open(os.path.join(args.out, f"soak-end-{run}.stderr"), "wb") as f:
                picker.err.seek(0)
                f.write(picker.err.read())
            picker.keys("Escape")
            picker.finish()
            status |= 0 if reached else 1
    finally:
        xvfb.stop()
    shutil.rmtree(work, ignore_errors=True)
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("cycles")
    c.add_argument("--count", type=int, default=200)
    c.add_argument("--photos", type=int, default=500)
    c.add_argument("--dwell", type=float, default=0.5, help="seconds the window stays open after picking")
    s = sub.add_parser("scroll")
    s.add_argument("--photos", type=int, default=100_000)
    s.add_argument("--minutes", type=float, default=10)
    s.add_argument("--interval", type=float, default=0.4, help="seconds between key presses")
    s.add_argument("--sample", type=float, default=5, help="seconds between memory samples")
    e = sub.add_parser("end")
    e.add_argument("--library", help="an existing library (default: make --photos photos)")
    e.add_argument("--photos", type=int, default=100_000)
    e.add_argument("--rate", type=float, default=25, help="Page Down presses a second (a held key repeats at 25)")
    e.add_argument("--window", default="1280x800", help="the window's size")
    e.add_argument("--timeout", type=float, default=15, help="minutes a run may take")
    for p in (c, s, e):
        p.add_argument("--out", default="/tmp/photopick-soak")
        p.add_argument("--max-growth", type=float, default=0.25)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.exit({"cycles": cycles, "scroll": scroll, "end": to_end}[args.command](args))


if __name__ == "__main__":
    main()
