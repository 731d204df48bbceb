import CGio

/// A Swift closure handed to GLib as `user_data`: retained for GLib, released by
/// `releaseBox` (the destroy notify) or by `takeBox` when a one-shot callback fires.
final class CallbackBox<F> {
    let call: F
    init(_ call: F) { self.call = call }

    func retainedPointer() -> gpointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ pointer: gpointer?) -> CallbackBox<F> {
        Unmanaged<CallbackBox<F>>.fromOpaque(pointer!).takeUnretainedValue()
    }

    /// For one-shot callbacks (async replies): the box and GLib's reference to it.
    static func take(_ pointer: gpointer?) -> CallbackBox<F> {
        Unmanaged<CallbackBox<F>>.fromOpaque(pointer!).takeRetainedValue()
    }
}

let releaseBox: GDestroyNotify = { pointer in
    guard let pointer else { return }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

/// A GError's message, freeing it.
func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return String(cString: error.pointee.message)
}
