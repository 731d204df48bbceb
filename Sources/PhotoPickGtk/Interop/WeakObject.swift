import CGtk

/// A GWeakRef in memory of its own: reads nil once its GObject is finalized, from any thread.
/// What lets a Swift object point at a GObject it must not keep alive, safely.
// Safe: `slot` is immutable, and GWeakRef's calls are thread-safe (GLib locks inside).
final class WeakObject: @unchecked Sendable {
    private let slot = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

    init(_ object: UnsafeMutableRawPointer) {
        slot.initialize(to: GWeakRef())
        g_weak_ref_init(slot, object)
    }

    deinit {
        g_weak_ref_clear(slot)
        slot.deallocate()
    }

    var isAlive: Bool { with { _ in true } ?? false }

    /// Runs `body` with the object held alive for the call; nil when it is gone.
    func with<R>(_ body: (UnsafeMutableRawPointer) -> R) -> R? {
        guard let object = g_weak_ref_get(slot) else { return nil }
        defer { g_object_unref(object) }
        return body(object)
    }
}
