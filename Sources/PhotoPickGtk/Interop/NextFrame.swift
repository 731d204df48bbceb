import CGtk

/// Runs `work` once, after the next frame of `widget` has been laid out and painted: the
/// moment what a change queued is on screen and where the pointer finds it. Nothing happens
/// for a widget not realized yet (it has no frame clock).
///
/// Used to trace states the GUI tests wait for: a signal such as "show" comes before the
/// layout that places the widgets, and an input event sent then may meet the old layout.
@MainActor
func afterNextFrame(of widget: Widget, _ work: @escaping @MainActor () -> Void) {
    guard let clock = gtk_widget_get_frame_clock(widget) else { return }
    let once = OnceHandler()
    once.connection = SignalConnection(instance: UnsafeMutableRawPointer(clock), handler: onSignal(clock, "after-paint") {
        // GLib keeps the closure alive until this emission is over.
        once.connection?.disconnect()
        once.connection = nil
        work()
    })
    gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT)
}

/// The handler's own connection, so it can disconnect itself.
@MainActor
private final class OnceHandler {
    var connection: SignalConnection?
}
