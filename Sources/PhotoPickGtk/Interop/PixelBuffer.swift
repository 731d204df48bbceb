import CGtk
import PhotoPickGLib
import Glibc
import Synchronization

/// The pixel memory of one texture: a mapping of its own, filled once (on any thread) and
/// handed to GTK as the texture's GBytes without a copy. It is unmapped, and its pages go back
/// to the system, the moment GTK drops the texture's last reference.
///
/// Thumbnails arrive at hundreds a second on the worker-reply threads. As malloc blocks they
/// came from per-thread arenas, were copied again by `g_bytes_new` on the main thread, and
/// what was freed stayed in the heap's free lists; as mappings, resident memory follows the
/// textures alive and nothing else.
///
/// `live` counts the buffers not yet released (what `PHOTOPICK_TRACE=1` reports as
/// `textures`), so a test can check that what the caches and tiles let go is really gone.
// Safe: the fields are immutable and the counters `Atomic`; the memory is written only by
// the thread that made the buffer, before it hands it on, and only read after.
final class PixelBuffer: @unchecked Sendable {
    /// Writable by its maker until it becomes a texture; read-only for GTK after that.
    let base: UnsafeMutableRawPointer
    let count: Int
    private let mapped: Int

    private static let page = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
    private static let liveCount = Atomic<Int>(0)
    private static let liveBytes = Atomic<Int>(0)

    /// Buffers alive in this process, and their bytes.
    static var live: (count: Int, bytes: Int) {
        (liveCount.load(ordering: .relaxed), liveBytes.load(ordering: .relaxed))
    }

    /// `count` bytes, zeroed; nil when `count` is not positive or memory is exhausted.
    init?(count: Int) {
        guard count > 0, count < Int.max / 2 else { return nil }
        let length = (count + Self.page - 1) / Self.page * Self.page
        guard let memory = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              memory != MAP_FAILED else { return nil }
        base = memory
        self.count = count
        mapped = length
        Self.liveCount.add(1, ordering: .relaxed)
        Self.liveBytes.add(count, ordering: .relaxed)
    }

    deinit {
        munmap(base, mapped)
        Self.liveCount.subtract(1, ordering: .relaxed)
        Self.liveBytes.subtract(count, ordering: .relaxed)
    }

    /// A GBytes over the whole buffer that keeps it alive until GLib frees the GBytes (a new
    /// reference the caller owns).
    func bytes() -> OpaquePointer {
        g_bytes_new_with_free_func(base, gsize(count), releaseBox, Retained.pointer(self))
    }
}
