import CGtk

/// Trampolines for the pointer signals the tray and the preview use, in the style of
/// Signals.swift: one `@convention(c)` function per C signature, the closure in a box
/// GLib releases.
private final class PointerSignalBox<F> {
    let call: F
    init(_ call: F) { self.call = call }
}

private let releasePointerBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

@discardableResult
private func connectPointer<F>(_ instance: OpaquePointer, _ signal: String, _ trampoline: GCallback, _ handler: F) -> UInt {
    let box = Unmanaged.passRetained(PointerSignalBox(handler) as AnyObject).toOpaque()
    return UInt(g_signal_connect_data(raw(instance), signal, trampoline, box, releasePointerBox, GConnectFlags(rawValue: 0)))
}

private func unboxPointer<F>(_ data: UnsafeMutableRawPointer?) -> F {
    (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! PointerSignalBox<F>).call
}

/// `void handler(Instance*, gdouble x, gdouble y, gpointer)`: GtkGestureDrag's drag-begin,
/// drag-update and drag-end, GtkEventControllerMotion's motion and enter.
@discardableResult
func onPointSignal(_ controller: OpaquePointer, _ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
        let call: @MainActor (Double, Double) -> Void = unboxPointer(data)
        MainActor.assumeIsolated { call(x, y) }
    }
    return connectPointer(controller, signal, unsafeBitCast(t, to: GCallback.self), handler)
}

/// `gboolean scroll(GtkEventControllerScroll*, gdouble dx, gdouble dy, gpointer)`.
@discardableResult
func onScrollSignal(_ controller: OpaquePointer, _ handler: @escaping @MainActor (Double, Double) -> Bool) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> gboolean = { _, dx, dy, data in
        let call: @MainActor (Double, Double) -> Bool = unboxPointer(data)
        return MainActor.assumeIsolated { call(dx, dy) } ? 1 : 0
    }
    return connectPointer(controller, "scroll", unsafeBitCast(t, to: GCallback.self), handler)
}

/// `void response(GtkNativeDialog*, gint response_id, gpointer)`.
@discardableResult
func onResponseSignal(_ dialog: OpaquePointer, _ handler: @escaping @MainActor (Int32) -> Void) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, gint, UnsafeMutableRawPointer?) -> Void = { _, response, data in
        let call: @MainActor (Int32) -> Void = unboxPointer(data)
        MainActor.assumeIsolated { call(response) }
    }
    return connectPointer(dialog, "response", unsafeBitCast(t, to: GCallback.self), handler)
}
