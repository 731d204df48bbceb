import CGtk
import PhotoPickGLib

extension Gtk {
    /// The input events `watchInput` tells of: a key press that is not a modifier alone
    /// (Ctrl+Right is one), a mouse button's release (the end of a click or a drag), and a
    /// step of the wheel.
    enum Input { case key, buttonRelease, scroll }

    /// Tells `handler` of every key press and button release the process gets, on any of its
    /// surfaces (windows, dialogs, popover menus), before GTK hands it to a widget. A GLib
    /// emission hook on GdkSurface's "event" signal: no widget's handler can stop it first,
    /// as one could a controller's, and a popover's events (which never pass the window's
    /// controllers) are there too. Only watches.
    @MainActor
    static func watchInput(_ handler: @escaping @MainActor (Input) -> Void) {
        let signal = g_signal_lookup("event", gdk_surface_get_type())
        guard signal != 0 else { return }
        let hook: GSignalEmissionHook = { _, count, values, data in
            // values[1] holds the GdkEvent (GDK's value table lets GLib peek at it).
            guard count >= 2, let values, let pointer = g_value_peek_pointer(values + 1) else { return 1 }
            let event = OpaquePointer(pointer)
            let input: Input? = switch gdk_event_get_event_type(event) {
            case GDK_KEY_PRESS: gdk_key_event_is_modifier(event) != 0 ? nil : .key
            case GDK_BUTTON_RELEASE: .buttonRelease
            case GDK_SCROLL: .scroll
            default: nil
            }
            guard let input else { return 1 }
            let call: @MainActor (Input) -> Void = unbox(data)
            MainActor.assumeIsolated { call(input) }
            return 1  // keep the hook
        }
        g_signal_add_emission_hook(signal, 0, hook, CallbackBox(handler).retainedPointer(), releaseBox)
    }
}
