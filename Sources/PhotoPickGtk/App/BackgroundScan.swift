import Glibc
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// The window's side of the library scan (`LibraryScan`, which decides the batching and
/// the order): it sets the scan's priority and hands each event to the main actor, which
/// the GLib loop drains through `MainQueueBridge`.
///
/// With `onRefined`, the scan runs in two passes: a new library is listed by name at the
/// speed of `find`, so the first screen fills at once, and the sniffing and EXIF reading
/// follow, newest files first, as refinements.
enum BackgroundScan {
    /// The window's current scan: a new one (Try Again, Choose Folder…) makes it moot.
    @MainActor private static var running: Task<Void, Never>?

    /// Starts a scan of `roots`, cancelling the one before: its walk stops and nothing
    /// more of it is delivered.
    @MainActor
    static func start(roots: [RawPath], interval: Double = 0.15,
                      onBatch: @escaping @MainActor @Sendable ([DiscoveredFile]) -> Void,
                      onRefined: (@MainActor @Sendable (ScanRefinement) -> Void)? = nil,
                      onFinish: @escaping @MainActor @Sendable ([ScanProblem]) -> Void) {
        // Opening the index reads its schema: on the scan's thread, not the main one.
        var scan = LibraryScan(interval: interval, refine: onRefined != nil) { LibraryScanner.make(roots: roots) }
        scan.onThreadStart = { WorkerPriority.lowerCurrentThread() }  // background work, like the workers
        scan.onListingFinished = {
            Trace.mark("scan-listed")
            // Sniffing and reading EXIF may take minutes: it yields the cores to the main
            // thread and the thumbnail workers (its threads inherit this).
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)  // 0: this thread, on Linux
        }
        running?.cancel()
        let events = scan.events()
        // Each event is its own main-queue block. A main-actor `for await` would take every
        // event already buffered in one go (`next()` does not suspend then), so GTK would
        // not lay out between them: the sidebar's reveal of a remembered album, which
        // follows the list's layout, would miss.
        running = Task.detached {
            for await event in events {
                MainQueueBridge.post { deliver(event, onBatch: onBatch, onRefined: onRefined, onFinish: onFinish) }
            }
        }
    }

    @MainActor
    private static func deliver(_ event: ScanEvent,
                                onBatch: @MainActor @Sendable ([DiscoveredFile]) -> Void,
                                onRefined: (@MainActor @Sendable (ScanRefinement) -> Void)?,
                                onFinish: @MainActor @Sendable ([ScanProblem]) -> Void) {
        switch event {
        case .listed(let batch):
            Trace.timed("scan-batch \(batch.count)") { onBatch(batch) }
            ScanDeliveries.listed(batch.count)
        case .refined(let refinement):
            Trace.timed("scan-refined \(refinement.count)") { onRefined?(refinement) }
            ScanDeliveries.refined(refinement.count)
        case .finished(let problems):
            onFinish(problems)
            // A first scan leaves tens of megabytes of freed small blocks (file lists,
            // paths, EXIF reads) that glibc keeps mapped: hand whole free pages back.
            FreedMemory.handBack()
        }
    }
}
