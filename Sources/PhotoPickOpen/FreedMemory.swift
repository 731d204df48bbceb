import Glibc
import PhotoPickSystem

/// Keeps what a first scan frees from staying resident.
///
/// The scan's threads and the watcher's queue each allocate in an arena of their own, and
/// what one of them freed (the listing's batches, a round's EXIF reads) stayed resident in
/// that arena: at a million files, about 50 MB on top of the library. Two remedies:
/// - blocks of a megabyte or more (batches of files, tables growing) get pages of their own,
///   returned when freed, instead of holes in an arena. glibc's default moves that limit up
///   to 32 MB as such blocks are freed, so a growing array lands in an arena again;
/// - every 100,000 files listed or refined (`ScanDeliveries` counts them), the whole free
///   pages of every arena are handed back (`malloc_trim`), on a background task: it walks
///   every arena under its lock.
@MainActor
public enum FreedMemory {
    /// Blocks this large or larger are mapped on their own.
    private static let largeBlock: Int32 = 1 << 20

    /// Before the window starts (before any thread allocates).
    public static func mapLargeBlocksApart() {
        _ = mallopt(M_MMAP_THRESHOLD, largeBlock)
    }

    /// Now (at the scan's end, and every 100,000 files delivered): on a background task, never
    /// on the main thread, since trimming holds each arena's lock while it walks it.
    static func handBack() {
        Task.detached(priority: .background) { trim() }
    }

    private nonisolated static func trim() {
        let stats = Trace.isEnabled && getenv("PHOTOPICK_MALLOC_STATS") != nil  // a diagnosis: arenas before and after
        if stats { malloc_stats() }
        _ = malloc_trim(0)
        if stats { malloc_stats() }
    }
}

/// glibc's `mallopt` parameter for the mmap threshold (<malloc.h>).
private let M_MMAP_THRESHOLD: Int32 = -3

/// glibc's `mallopt`, `malloc_trim` and `malloc_stats` (declared in <malloc.h>, which the
/// Glibc module leaves out).
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
@_silgen_name("malloc_trim")
private func malloc_trim(_ pad: Int) -> Int32
@_silgen_name("malloc_stats")
private func malloc_stats()
