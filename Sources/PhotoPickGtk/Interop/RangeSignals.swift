import CGtk

/// `gboolean change-value(GtkRange*, GtkScrollType, gdouble value, gpointer)`: the user moved
/// a slider (not the program setting it). Return true to keep the range where it is.
@discardableResult
func onChangeValue(_ range: Widget, _ handler: @escaping @MainActor (Double) -> Bool) -> UInt {
    let t: @convention(c) (UnsafeMutableRawPointer?, GtkScrollType, gdouble, UnsafeMutableRawPointer?) -> gboolean = { _, _, value, data in
        let call: @MainActor (Double) -> Bool = unbox(data)
        return MainActor.assumeIsolated { call(value) } ? 1 : 0
    }
    return connectRaw(raw(range), "change-value", unsafeBitCast(t, to: GCallback.self), handler)
}
