#!/usr/bin/env python3
"""A GTK 4 program asking for an image the way many image viewers and editors do: a
GtkFileChooserNative for OPEN whose one filter was filled by gtk_file_filter_add_pixbuf_formats().
With GDK_DEBUG=portals GTK 4 goes through xdg-desktop-portal, as inside Flatpak.
Used by scripts/record-portal-requests.sh to record the request GTK sends.
Prints one JSON line: {"response": GTK response id, "uris": [...], "filter": name}."""
import json
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402


def main():
    Gtk.init()
    loop = GLib.MainLoop()
    chooser = Gtk.FileChooserNative.new("Open Image", None, Gtk.FileChooserAction.OPEN, "_Open", None)
    images = Gtk.FileFilter()
    images.set_name("Supported image formats")
    images.add_pixbuf_formats()
    chooser.add_filter(images)

    def on_response(dialog, response):
        files = dialog.get_files()
        uris = [files.get_item(i).get_uri() for i in range(files.get_n_items())]
        chosen = dialog.get_filter()
        print(json.dumps({"response": response, "uris": uris, "filter": chosen.get_name() if chosen else None}), flush=True)
        loop.quit()

    chooser.connect("response", on_response)
    chooser.show()
    loop.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
