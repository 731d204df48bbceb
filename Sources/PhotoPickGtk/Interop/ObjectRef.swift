import CGtk

/// One reference to a GObject (a texture, a media stream) held by a Swift value: given back
/// when the value goes, so no view counts references by hand.
// Safe: the pointer is immutable, and g_object_unref is thread-safe (an atomic count).
final class ObjectRef: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes over a reference the caller owns (a `…_new` result).
    init(adopting pointer: OpaquePointer) { self.pointer = pointer }

    /// Takes over a reference to a GObject GTK types as a struct pointer.
    convenience init<T>(adopting pointer: UnsafeMutablePointer<T>) { self.init(adopting: OpaquePointer(pointer)) }

    /// Adds a reference of its own.
    init(retaining pointer: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(pointer))
        self.pointer = pointer
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
