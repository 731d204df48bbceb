#!/usr/bin/env python3
"""Ask photopick for photos through a request file and print what came back.

    examples/pick_with_portal.py [FOLDER]

The request file mirrors the xdg-desktop-portal FileChooser OpenFile options; photopick
replaces it with the response (see "The portal file" in the README). Paths in the
response are JSON strings in which a byte that is not UTF-8 is written as \\udcXX:
os.fsencode() turns them back into the exact bytes.
"""
import json
import os
import subprocess
import sys
import tempfile

PHOTOPICK = os.environ.get("PHOTOPICK", "photopick")


def pick(folder):
    request = {
        "version": 1,
        "title": "Attach photos",
        "accept_label": "_Attach",
        "multiple": True,
        "max": 10,
        "filters": [
            {"name": "Photos", "mime_types": ["image/*"]},
            {"name": "JPEG only", "patterns": ["*.jpg", "*.jpeg"]},
        ],
        "current_folder": os.fsdecode(os.path.abspath(folder)),
        "choices": [
            {"id": "strip_location", "label": "Remove location", "default": "true"},
            {"id": "size", "label": "Size", "default": "original",
             "options": [{"id": "small", "label": "Small"}, {"id": "original", "label": "Original"}]},
        ],
    }
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "request.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(request, f)
        subprocess.run([PHOTOPICK, "--portal", path], check=False)
        # The response is always there (also on cancel or error), complete, and only ours (0600).
        with open(path, encoding="utf-8") as f:
            return json.load(f)


def main():
    folder = os.fsencode(sys.argv[1]) if len(sys.argv) > 1 else os.path.expanduser(b"~/Pictures")
    response = pick(folder)
    if response["response"] == 1:
        print("cancelled")
        return 1
    if response["response"] == 2:
        print("error:", response["error"], file=sys.stderr)
        return 2
    out = sys.stdout.buffer
    for asset in response["assets"]:
        path = os.fsencode(asset["path"])  # the exact bytes, whatever the name
        size = os.stat(path).st_size
        out.write(b"picked %d: %s (%s, %d bytes, %s)\n" % (
            asset["selection_index"], path, asset["mime_type"].encode(), size, asset["date"].encode()))
    choices = {c["id"]: c["value"] for c in response["choices"]}
    out.write(("filter: %s\n" % (response["current_filter"] or {}).get("name")).encode())
    out.write(("choices: %s\n" % ", ".join("%s=%s" % kv for kv in sorted(choices.items()))).encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
