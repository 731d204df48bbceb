#!/usr/bin/env python3
"""A plain GTK 4 program asking for photos with GtkFileChooserNative, as an application
does. With GDK_DEBUG=portals GTK goes through xdg-desktop-portal, as inside Flatpak.
Prints one JSON line: {"response": GTK response id, "uris": [...], "filter": name}.

    gtk4_chooser.py                    "Attach to the message", several files, an image/* filter
    gtk4_chooser.py --pixbuf-formats   "Open Image", one file, a filter filled by
                                       gtk_file_filter_add_pixbuf_formats(), as image viewers and
                                       editors ask (scripts/record-portal-requests.sh records it)
"""
import json
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402


def main():
    Gtk.init()
    loop = GLib.MainLoop()
    photos = Gtk.FileFilter()
    if "--pixbuf-formats" in sys.argv[1:]:
        chooser = Gtk.FileChooserNative.new("Open Image", None, Gtk.FileChooserAction.OPEN, "_Open", None)
        photos.set_name("Supported image formats")
        photos.add_pixbuf_formats()
    else:
        chooser = Gtk.FileChooserNative.new("Attach to the message", None, Gtk.FileChooserAction.OPEN, "_Attach", None)
        chooser.set_select_multiple(True)
        photos.set_name("Photos")
        photos.add_mime_type("image/*")
    chooser.add_filter(photos)

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
