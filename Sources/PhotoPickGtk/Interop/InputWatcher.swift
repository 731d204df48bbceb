import CGtk

extension Gtk {
    /// The input events a watcher tells of: a key press that is not a modifier alone (Ctrl+Right
    /// is one), and a mouse button's release (the end of a click or a drag).
    enum Input { case key, buttonRelease }

    /// A GtkEventControllerLegacy in the capture phase on a window: it sees every event the
    /// window gets before any widget does, and only watches (the event goes on). GTK runs a
    /// widget's controllers newest first, and the window's own capture-phase key handler
    /// stops the keys it takes: so the watcher is added when the window is first shown,
    /// after the views have added theirs.
    @MainActor
    struct InputWatcher {
        private let controller: OpaquePointer

        init(on window: Widget) {
            controller = gtk_event_controller_legacy_new()
            gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
            let controller = controller
            let added = Flag()
            let add: Action = {
                guard !added.isSet else { return }
                added.isSet = true
                gtk_widget_add_controller(window, controller)
            }
            if gtk_widget_get_mapped(window) != 0 { add() } else { onSignal(raw(window), "map", add) }
        }

        func onInput(_ handler: @escaping @MainActor (Input) -> Void) {
            let t: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, event, data in
                guard let event else { return 0 }
                let input: Input? = switch gdk_event_get_event_type(event) {
                case GDK_KEY_PRESS: gdk_key_event_is_modifier(event) != 0 ? nil : .key
                case GDK_BUTTON_RELEASE: .buttonRelease
                default: nil
                }
                guard let input else { return 0 }
                let call: @MainActor (Input) -> Void = unbox(data)
                MainActor.assumeIsolated { call(input) }
                return 0  // GDK_EVENT_PROPAGATE: watched, not handled
            }
            connectRaw(raw(controller), "event", unsafeBitCast(t, to: GCallback.self), handler)
        }
    }

    /// Every toplevel window of the process, each handed to `each` once: the one open now and
    /// those opened later (dialogs, the shortcuts window), as GTK lists them.
    @MainActor
    static func forEachToplevel(_ each: @escaping @MainActor (Widget) -> Void) {
        let toplevels = gtk_window_get_toplevels()!
        let seen = SeenWindows()
        let visit: @MainActor () -> Void = {
            for i in 0..<g_list_model_get_n_items(toplevels) {
                guard let item = g_list_model_get_item(toplevels, i) else { continue }
                let window = item.assumingMemoryBound(to: GtkWidget.self)
                g_object_unref(item)  // the list holds the window; so does GTK
                if seen.insert(window) { each(window) }
            }
        }
        visit()
        connectRaw(raw(toplevels), "items-changed", unsafeBitCast(itemsChanged, to: GCallback.self), visit)
    }

    /// `void items-changed(GListModel*, guint position, guint removed, guint added, gpointer)`.
    private static let itemsChanged: @convention(c) (UnsafeMutableRawPointer?, guint, guint, guint, UnsafeMutableRawPointer?) -> Void = {
        _, _, _, _, data in
        let call: @MainActor () -> Void = unbox(data)
        MainActor.assumeIsolated { call() }
    }
}

@MainActor
private final class Flag { var isSet = false }

/// The windows a toplevel walk has handed out, by address; a closed window's address may come
/// back for a new one, so each is forgotten when it is destroyed.
@MainActor
private final class SeenWindows {
    private var addresses: Set<UInt> = []

    /// Whether `window` is new; it is remembered until it is destroyed.
    func insert(_ window: Widget) -> Bool {
        let address = UInt(bitPattern: window)
        guard addresses.insert(address).inserted else { return false }
        onSignal(raw(window), "destroy") { [weak self] in self?.addresses.remove(address) }
        return true
    }
}
