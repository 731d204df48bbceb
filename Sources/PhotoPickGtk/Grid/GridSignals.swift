import CGtk

/// The grid's own trampolines, in the style of Interop/Signals.swift: one `@convention(c)`
/// function per C signature, the closure in a box GLib releases.
private final class GridSignalBox<F> {
    let call: F
    init(_ call: F) { self.call = call }
}

private let releaseGridBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

private func connectGrid<F>(_ instance: OpaquePointer, _ signal: String, _ trampoline: GCallback, _ handler: F) {
    let box = Unmanaged.passRetained(GridSignalBox(handler) as AnyObject).toOpaque()
    g_signal_connect_data(raw(instance), signal, trampoline, box, releaseGridBox, GConnectFlags(rawValue: 0))
}

private func unboxGrid<F>(_ data: UnsafeMutableRawPointer?) -> F {
    (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! GridSignalBox<F>).call
}

/// `void handler(GtkGestureDrag*, gdouble, gdouble, gpointer)`: drag-begin, drag-update, drag-end.
func onGridDrag(_ gesture: OpaquePointer, _ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void) {
    let t: @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
        let call: @MainActor (Double, Double) -> Void = unboxGrid(data)
        MainActor.assumeIsolated { call(x, y) }
    }
    connectGrid(gesture, signal, unsafeBitCast(t, to: GCallback.self), handler)
}

/// `gboolean scroll(GtkEventControllerScroll*, gdouble dx, gdouble dy, gpointer)`.
func onGridScroll(_ controller: OpaquePointer, _ handler: @escaping @MainActor (Double, Double) -> Bool) {
    let t: @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> gboolean = { _, dx, dy, data in
        let call: @MainActor (Double, Double) -> Bool = unboxGrid(data)
        return MainActor.assumeIsolated { call(dx, dy) } ? 1 : 0
    }
    connectGrid(controller, "scroll", unsafeBitCast(t, to: GCallback.self), handler)
}

/// A repeating main-loop timer (g_timeout) that runs `tick` until `stop` is called.
@MainActor
final class GridTimer {
    private var source: guint = 0
    var isRunning: Bool { source != 0 }

    func start(intervalMs: UInt32, _ tick: @escaping @MainActor () -> Void) {
        stop()
        let box = Unmanaged.passRetained(GridSignalBox(tick) as AnyObject).toOpaque()
        source = g_timeout_add_full(G_PRIORITY_DEFAULT, intervalMs, { data in
            let call: @MainActor () -> Void = unboxGrid(data)
            MainActor.assumeIsolated { call() }
            return 1  // G_SOURCE_CONTINUE: only stop() ends it
        }, box, { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
    }

    func stop() {
        guard source != 0 else { return }
        g_source_remove(source)
        source = 0
    }
}
