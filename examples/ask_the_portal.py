#!/usr/bin/env python3
"""Ask the desktop's file chooser for photos through xdg-desktop-portal, as a Flatpak app
does, and print the files that came back.

    python3 examples/ask_the_portal.py

With photopick as the desktop's photo chooser (see the README), photopick's window opens.
The request lasts as long as this program is on the bus: the portal closes the window of a
program that quits.
"""
import os
import sys

from gi.repository import Gio, GLib

PORTAL = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"


def main():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    token = "photopick_example_%d" % os.getpid()
    # The portal answers on a Request object whose path it derives from our name and token.
    sender = bus.get_unique_name()[1:].replace(".", "_")
    handle = "%s/request/%s/%s" % (PATH, sender, token)
    loop = GLib.MainLoop()
    status = []

    def on_response(_bus, _sender, _path, _iface, _signal, params):
        response, results = params.unpack()
        if response == 0:
            for uri in results.get("uris", []):
                print(uri)
        else:
            print("cancelled" if response == 1 else "ended without an answer", file=sys.stderr)
        status.append(response)
        loop.quit()

    bus.signal_subscribe(PORTAL, "org.freedesktop.portal.Request", "Response", handle, None,
                         Gio.DBusSignalFlags.NONE, on_response)
    options = {
        "handle_token": GLib.Variant("s", token),
        "multiple": GLib.Variant("b", True),
        "filters": GLib.Variant("a(sa(us))", [("Photos", [(1, "image/*")]), ("Videos", [(1, "video/*")])]),
    }
    bus.call_sync(PORTAL, PATH, "org.freedesktop.portal.FileChooser", "OpenFile",
                  GLib.Variant("(ssa{sv})", ("", "Portal check", options)), GLib.VariantType("(o)"),
                  Gio.DBusCallFlags.NONE, -1, None)
    loop.run()
    return status[0] if status else 2


if __name__ == "__main__":
    sys.exit(main())
