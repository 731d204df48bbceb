/// A Swift value handed to GLib as `user_data` (a closure, or the state a callback needs):
/// the one box for the GTK front's signals, sources and layouts and the portal's D-Bus
/// callbacks. The C side is a non-capturing `@convention(c)` trampoline per C signature that
/// finds the value again with `from` (a callback that may fire again) or `take` (a one-shot
/// callback: an async reply, a source that returns G_SOURCE_REMOVE).
///
/// The pointer holds one reference for GLib, given back by `releaseBox` (GLib's destroy
/// notify) or by `take`: GLib frees what it was given, and nothing else needs to keep the box.
public final class CallbackBox<F> {
    public let call: F

    public init(_ call: F) { self.call = call }

    /// A pointer to the box that holds one reference for GLib.
    public func retainedPointer() -> UnsafeMutableRawPointer { Retained.pointer(self) }

    /// The box `pointer` names; GLib keeps its reference. A box of another type is a
    /// programming error that stops here (a checked cast), not one that reads the wrong memory.
    public static func from(_ pointer: UnsafeMutableRawPointer?) -> CallbackBox<F> {
        Unmanaged<AnyObject>.fromOpaque(pointer!).takeUnretainedValue() as! CallbackBox<F>
    }

    /// The box `pointer` names, and GLib's reference to it: for one-shot callbacks.
    public static func take(_ pointer: UnsafeMutableRawPointer?) -> CallbackBox<F> {
        Unmanaged<AnyObject>.fromOpaque(pointer!).takeRetainedValue() as! CallbackBox<F>
    }
}

/// A Swift object GLib holds a reference to: a box, or an object kept as qdata or as the owner
/// of a buffer GLib frees (a view its widget keeps, a GBytes' memory).
public enum Retained {
    /// `object`, with one reference taken for GLib; `releaseBox` gives it back.
    public static func pointer(_ object: AnyObject) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(object).toOpaque()
    }

    /// The object `pointer` names, if it is a `T`; its references are unchanged.
    public static func object<T: AnyObject>(_ pointer: UnsafeMutableRawPointer, as type: T.Type = T.self) -> T? {
        Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? T
    }

    /// Gives back the reference `pointer` holds (for a notify of another signature than
    /// `releaseBox`'s, such as GClosureNotify).
    public static func release(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
}

/// GLib's destroy notify (GDestroyNotify) for a pointer from `CallbackBox.retainedPointer`
/// or `Retained.pointer`: gives back the reference it holds.
public let releaseBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
    Retained.release(pointer)
}
