import CGtk

/// Trampolines for pointer, scroll and dialog signals (drags in the grid, the tray and the
/// preview; zooming): one `@convention(c)` function per C signature, through Signals.swift.
/// `void handler(Instance*, gdouble x, gdouble y, gpointer)`: GtkGestureDrag's drag-begin,
/// drag-update and drag-end, GtkEventControllerMotion's motion and enter.
@discardableResult
func onPointSignal(_ controller: OpaquePointer, _ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
        let call: @MainActor (Double, Double) -> Void = unbox(data)
        MainActor.assumeIsolated { call(x, y) }
    }
    return connectRaw(raw(controller), signal, unsafeBitCast(t, to: GCallback.self), handler)
}

/// `gboolean scroll(GtkEventControllerScroll*, gdouble dx, gdouble dy, gpointer)`.
@discardableResult
func onScrollSignal(_ controller: OpaquePointer, _ handler: @escaping @MainActor (Double, Double) -> Bool) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> gboolean = { _, dx, dy, data in
        let call: @MainActor (Double, Double) -> Bool = unbox(data)
        return MainActor.assumeIsolated { call(dx, dy) } ? 1 : 0
    }
    return connectRaw(raw(controller), "scroll", unsafeBitCast(t, to: GCallback.self), handler)
}

/// `void response(GtkNativeDialog*, gint response_id, gpointer)`.
@discardableResult
func onResponseSignal(_ dialog: OpaquePointer, _ handler: @escaping @MainActor (Int32) -> Void) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, gint, UnsafeMutableRawPointer?) -> Void = { _, response, data in
        let call: @MainActor (Int32) -> Void = unbox(data)
        MainActor.assumeIsolated { call(response) }
    }
    return connectRaw(raw(dialog), "response", unsafeBitCast(t, to: GCallback.self), handler)
}
