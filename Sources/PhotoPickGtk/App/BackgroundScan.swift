import Dispatch
import Foundation
import Glibc
import PhotoPickCore
import PhotoPickMedia

/// Runs the library scan on a background thread and hands its results to the main
/// actor in coalesced batches (at most every `interval`), so a big library fills the
/// window progressively without flooding the main loop.
///
/// With `onRefined`, the scan runs in two passes (`FileSystemScanner.scanInTwoPasses`): a
/// new library is listed by name at the speed of `find`, so the first screen fills at once,
/// and the sniffing and EXIF reading follow, newest files first, as refinements.
enum BackgroundScan {
    static func start(roots: [RawPath], interval: Double = 0.15,
                      onBatch: @escaping @MainActor @Sendable ([DiscoveredFile]) -> Void,
                      onRefined: (@MainActor @Sendable (ScanRefinement) -> Void)? = nil,
                      onFinish: @escaping @MainActor @Sendable ([ScanProblem]) -> Void) {
        Thread.detachNewThread {
            WorkerPriority.lowerCurrentThread()  // the scan is background work, like the workers
            let scanner = LibraryScanner.make(roots: roots)  // opens the index: off the main thread
            // Every delivery costs the main thread a relayout of the whole grid, and during a
            // walk the newest photos (the top of the grid) keep changing: hold the listing back
            // until it is complete (about as long as `find` takes) or a second has passed.
            var listed = Coalescer<[DiscoveredFile]>(interval: max(interval, 1.0), empty: [], merge: +=)
            listed.waitFirst()
            let summary: FileSystemScanner.Summary
            if let onRefined {
                // Refinements re-sort 100,000 assets on the main thread: the first ones (the
                // newest files, on screen) go at once, later ones less often.
                var refined = Coalescer<ScanRefinement>(interval: interval, empty: ScanRefinement()) { $0.merge($1) }
                summary = scanner.scanInTwoPasses(
                    verifyingThreads: max(1, ProcessInfo.processInfo.activeProcessorCount),
                    onListed: { batch in listed.add(batch) { out in DispatchQueue.main.async { Trace.timed("scan-batch \(out.count)") { onBatch(out) } } } },
                    onListingFinished: {
                        Trace.mark("scan-listed")
                        // Sniffing and reading EXIF may take minutes: it yields the cores to the
                        // main thread and the thumbnail workers (its threads inherit this).
                        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)  // 0: this thread, on Linux
                    },
                    onRefined: { refinement in
                        listed.drain { out in DispatchQueue.main.async { Trace.timed("scan-batch \(out.count)") { onBatch(out) } } }
                        refined.add(refinement) { out in DispatchQueue.main.async { Trace.timed("scan-refined \(out.count)") { onRefined(out) } } }
                        refined.interval = min(1.0, refined.interval * 1.25)
                    })
                listed.drain { out in DispatchQueue.main.async { Trace.timed("scan-batch \(out.count)") { onBatch(out) } } }
                refined.drain { out in DispatchQueue.main.async { Trace.timed("scan-refined \(out.count)") { onRefined(out) } } }
            } else {
                summary = scanner.scan { batch in
                    listed.add(batch) { out in DispatchQueue.main.async { Trace.timed("scan-batch \(out.count)") { onBatch(out) } } }
                }
                listed.drain { out in DispatchQueue.main.async { Trace.timed("scan-batch \(out.count)") { onBatch(out) } } }
            }
            DispatchQueue.main.async {
                onFinish(summary.problems)
                // A first scan leaves tens of megabytes of freed small blocks (file lists, paths,
                // EXIF reads) that glibc keeps mapped: hand whole free pages back to the system.
                _ = malloc_trim(0)
            }
        }
    }
}

/// Collects values and sends them on at most every `interval` seconds (the first at once).
struct Coalescer<Value: Sendable> {
    var interval: Double
    private let empty: Value
    private let merge: (inout Value, Value) -> Void
    private var pending: Value
    private var hasPending = false
    private var last = Date.distantPast

    /// Makes the first value wait a full interval too.
    mutating func waitFirst() { last = Date() }

    init(interval: Double, empty: Value, merge: @escaping (inout Value, Value) -> Void) {
        self.interval = interval
        self.empty = empty
        self.merge = merge
        pending = empty
    }

    mutating func add(_ value: Value, send: (Value) -> Void) {
        merge(&pending, value)
        hasPending = true
        if Date().timeIntervalSince(last) >= interval { drain(send) }
    }

    /// Sends what is pending now, if anything.
    mutating func drain(_ send: (Value) -> Void) {
        guard hasPending else { return }
        let out = pending
        pending = empty
        hasPending = false
        last = Date()
        send(out)
    }
}

/// glibc's `malloc_trim` (declared in <malloc.h>, which the Glibc module leaves out).
@_silgen_name("malloc_trim")
private func malloc_trim(_ pad: Int) -> Int32
