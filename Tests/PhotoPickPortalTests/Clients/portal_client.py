#!/usr/bin/env python3
"""A FileChooser client for the portal tests, on the session bus in DBUS_SESSION_BUS_ADDRESS.

    portal_client.py [--direct] [--app-id ID] [--parent-window W] METHOD TITLE OPTIONS
    portal_client.py --wait-name NAME

Calls org.freedesktop.portal.FileChooser.METHOD on the frontend (org.freedesktop.portal.Desktop)
and waits for its Request's Response; with --direct, calls the backend's
org.freedesktop.impl.portal.FileChooser.METHOD itself and waits for the reply. OPTIONS is an
a{sv} in GVariant text format. Prints one JSON line: {"response": N, "results": {...}}.
SIGUSR1 calls Close on the request and prints {"closed": true} once Close has returned (with
--direct, the method's reply follows on the next line).
Before the call it prints {"call_at": T} (time.monotonic(), CLOCK_MONOTONIC) on stderr.
--wait-name waits until NAME has an owner on the bus.
"""
import json
import os
import signal
import sys
import time

from gi.repository import Gio, GLib

BACKEND = "org.freedesktop.impl.portal.desktop.photopick"
PATH = "/org/freedesktop/portal/desktop"


def wait_for_name(name):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    for _ in range(600):
        reply = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                              GLib.Variant("(s)", (name,)), None, Gio.DBusCallFlags.NONE, -1, None)
        if reply.unpack()[0]:
            return 0
        time.sleep(0.05)
    print("%s did not appear on the bus" % name)
    return 1


def main():
    args = sys.argv[1:]
    if args[:1] == ["--wait-name"]:
        return wait_for_name(args[1])
    direct = "--direct" in args
    args = [a for a in args if a != "--direct"]
    app_id = ""
    if "--app-id" in args:
        i = args.index("--app-id")
        app_id = args[i + 1]
        del args[i:i + 2]
    parent_window = ""
    if "--parent-window" in args:
        i = args.index("--parent-window")
        parent_window = args[i + 1]
        del args[i:i + 2]
    method, title, options_text = args
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    loop = GLib.MainLoop()
    options = GLib.Variant.parse(None, options_text, None, None)
    token = "photopick_test_%d" % os.getpid()
    sender = bus.get_unique_name()[1:].replace(".", "_")
    handle = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender, token)

    def finish(obj):
        print(json.dumps(obj), flush=True)
        loop.quit()

    def on_response(_bus, _sender, _path, _iface, _signal, params):
        response, results = params.unpack()
        finish({"response": response, "results": results})

    def on_reply(source, result):
        try:
            reply = source.call_finish(result)
        except GLib.Error as error:
            finish({"error": error.message})
            return
        response, results = reply.unpack()
        finish({"response": response, "results": results})

    def close():
        dest, iface = (BACKEND, "org.freedesktop.impl.portal.Request") if direct else \
            ("org.freedesktop.portal.Desktop", "org.freedesktop.portal.Request")
        bus.call_sync(dest, handle, iface, "Close", None, None, Gio.DBusCallFlags.NONE, -1, None)
        if direct:
            # The backend still answers the method call (2): wait for it.
            print(json.dumps({"closed": True}), flush=True)
        else:
            finish({"closed": True})
        return GLib.SOURCE_REMOVE

    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, close)
    print(json.dumps({"call_at": time.monotonic()}), file=sys.stderr, flush=True)

    if direct:
        params = GLib.Variant.new_tuple(GLib.Variant.new_object_path(handle), GLib.Variant("s", app_id),
                                        GLib.Variant("s", parent_window), GLib.Variant("s", title), options)
        bus.call(BACKEND, PATH, "org.freedesktop.impl.portal.FileChooser", method, params, None,
                 Gio.DBusCallFlags.NONE, GLib.MAXINT32, None, on_reply)
    else:
        entries = {key: options.lookup_value(key, None) for key in options.keys()}
        entries["handle_token"] = GLib.Variant("s", token)
        bus.signal_subscribe("org.freedesktop.portal.Desktop", "org.freedesktop.portal.Request", "Response",
                             handle, None, Gio.DBusSignalFlags.NONE, on_response)
        reply = bus.call_sync("org.freedesktop.portal.Desktop", PATH, "org.freedesktop.portal.FileChooser", method,
                              GLib.Variant("(ssa{sv})", (parent_window, title, entries)), GLib.VariantType("(o)"),
                              Gio.DBusCallFlags.NONE, -1, None)
        if reply.unpack()[0] != handle:
            finish({"error": "the frontend made another handle: %s" % reply.unpack()[0]})
            return 1
    loop.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
