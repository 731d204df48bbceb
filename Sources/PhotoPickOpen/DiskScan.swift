import PhotoPickCore
import PhotoPickSystem

/// The opening's side of the library scan (`LibraryScan`, which decides the batching and the
/// order): it sets the scan's priority and hands each event to the main actor.
///
/// With `onRefined`, the scan runs in two passes: a new library is listed by name at the
/// speed of `find`, so the first screen fills at once, and the sniffing and EXIF reading
/// follow, newest files first, as refinements.
enum DiskScan {
    /// Starts a scan of `roots`; cancelling the task it returns stops the walk, and nothing
    /// more of it is delivered.
    static func start(roots: [RawPath], index: IndexLocation, interval: Double = 0.15, post: @escaping MainPost,
                      onBatch: @escaping @MainActor @Sendable ([DiscoveredFile]) -> Void,
                      onRefined: (@MainActor @Sendable (ScanRefinement) -> Void)? = nil,
                      onFinish: @escaping @MainActor @Sendable ([ScanProblem]) -> Void) -> Task<Void, Never> {
        // Opening the index reads its schema: on the scan's thread, not the main one.
        var scan = LibraryScan(interval: interval, refine: onRefined != nil) { LibraryScanner.make(roots: roots, in: index) }
        scan.onThreadStart = { BackgroundPriority.lowerCurrentThread() }  // background work, like the workers
        scan.onListingFinished = {
            Trace.mark("scan-listed")
            // Sniffing and reading EXIF may take minutes: it yields the cores to the main
            // thread and the thumbnail workers (its threads inherit this).
            BackgroundPriority.lowerCurrentThread()
        }
        let events = scan.events()
        // Each event is its own main-queue block. A main-actor `for await` would take every
        // event already buffered in one go (`next()` does not suspend then), so GTK would
        // not lay out between them: the sidebar's reveal of a remembered album, which
        // follows the list's layout, would miss.
        return Task.detached {
            for await event in events {
                post { deliver(event, onBatch: onBatch, onRefined: onRefined, onFinish: onFinish) }
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
