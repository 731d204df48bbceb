import Foundation
import Synchronization
import PhotoPickCore

extension FileSystemScanner {
    /// A scan for a window that must show something at once, in two passes.
    ///
    /// The listing pass reads only folders and `stat`s, so a new library is listed at about the
    /// speed of `find`: files the cache knows come complete; the others are listed by their
    /// name's type (`MediaTypeByName`) without metadata (`onListed`). The verifying pass then
    /// sniffs and reads those, newest first — the grid's default order, so the tiles on screen
    /// settle first — on `verifyingThreads` threads, and reports in batches (`onRefined`), all
    /// on the calling thread. Files whose names say nothing are sniffed last and reported as
    /// `added`. When both passes are done, listed + refined is exactly what `scan` finds.
    /// `onListingFinished` marks the end of the first pass (for traces and the bench).
    @discardableResult
    public func scanInTwoPasses(batchSize: Int = 256, verifyingThreads: Int = 1,
                                isCancelled: () -> Bool = { false },
                                onListed: ([DiscoveredFile]) -> Void,
                                onListingFinished: () -> Void = {},
                                onRefined: (ScanRefinement) -> Void) -> Summary {
        var summary = Summary()
        var batch: [DiscoveredFile] = []
        batch.reserveCapacity(batchSize)
        var provisional: [Candidate] = [], unnamed: [Candidate] = []
        var origins = CandidateOrigins()
        summary.problems = walk(isCancelled: isCancelled) { path, name, root, info in
            summary.filesSeen += 1
            if let known = cache?.lookup(path, size: info.size, modified: info.modified) {
                guard let kind = MediaKind(mimeType: known.mimeType) else { return }  // known non-media
                batch.append(DiscoveredFile(path: path, root: root, mimeType: known.mimeType, kind: kind,
                                            sizeBytes: info.size, modified: info.modified, device: info.key.device,
                                            inode: info.key.inode, metadata: known.metadata))
            } else if info.size > 0, let guess = MediaTypeByName.guess(name), let kind = MediaKind(mimeType: guess) {
                batch.append(DiscoveredFile(path: path, root: root, mimeType: guess, kind: kind, sizeBytes: info.size,
                                            modified: info.modified, device: info.key.device, inode: info.key.inode))
                provisional.append(origins.candidate(path, root: root, info: info))
            } else {
                if info.size > 0 { unnamed.append(origins.candidate(path, root: root, info: info)) }
                return
            }
            if batch.count >= batchSize {
                summary.mediaFound += batch.count
                onListed(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty {
            summary.mediaFound += batch.count
            onListed(batch)
        }
        onListingFinished()
        // One list, newest listed first, then the unnamed: appended in place, as a copy of
        // 100,000 candidates would stay alive for the whole verifying pass. The queue takes
        // it over and lets it go round by round.
        provisional.sortThroughIndices { $0.modified > $1.modified }
        let listedCount = provisional.count
        provisional.append(contentsOf: unnamed)
        unnamed = []
        var queue = ShrinkingQueue(taking: &provisional)
        verify(&queue, origins: origins, listedCount: listedCount, batchSize: batchSize,
               threads: max(1, verifyingThreads), isCancelled: isCancelled, summary: &summary, onRefined: onRefined)
        cache?.flush()
        return summary
    }


    /// Sniffs and reads `candidates` (the first `listedCount` were listed by name) in rounds of
    /// `batchSize` per thread, taking each round out of the queue; each round is reported as
    /// one refinement from this thread.
    private func verify(_ candidates: inout ShrinkingQueue<Candidate>, origins: CandidateOrigins, listedCount: Int, batchSize: Int, threads: Int,
                        isCancelled: () -> Bool, summary: inout Summary, onRefined: (ScanRefinement) -> Void) {
        var start = 0  // position of the round's first candidate in the whole list
        while !candidates.isEmpty, !isCancelled() {
            let round = candidates.next(batchSize * threads)
            let slices = stride(from: 0, to: round.count, by: batchSize).map { $0..<min(round.count, $0 + batchSize) }
            let results = Results(count: slices.count)
            let first = start
            Self.onThreads(slices.count) { s in
                var refinement = ScanRefinement()
                var unreadable: [ScanProblem] = []
                for j in slices[s] {
                    let c = round[j], i = first + j, path = origins.path(c)
                    let file = examine(path, name: Array(path.lastComponentBytes), root: origins.root(c),
                                       info: origins.info(c), unreadable: &unreadable)
                    switch (file, i < listedCount) {
                    case (let file?, true): refinement.updated.append(file)
                    case (let file?, false): refinement.added.append(file)
                    case (nil, true): refinement.removed.append(path)
                    case (nil, false): break
                    }
                }
                results.set(s, refinement, unreadable)
            }
            var merged = ScanRefinement()
            for (r, unreadable) in results.all {
                merged.merge(r)
                summary.problems += unreadable
            }
            summary.mediaFound += merged.added.count - merged.removed.count
            if !merged.isEmpty { onRefined(merged) }
            start += round.count
        }
    }
}

extension FileSystemScanner {
    /// Runs `body(0..<count)` on `count` threads (this one and new ones), and returns once
    /// all are done (this call is synchronous by design, see above). New threads
    /// (`BlockingThread`), not a shared pool: they inherit this thread's scheduling priority,
    /// so a caller that lowered its own (the window's scan, behind the first screen) lowers
    /// theirs too; and they block on disk reads, no work for the cooperative pool.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let helpers = (1..<max(1, count)).map { i in
            BlockingThread.start("pp-scan-verify", .disk) { body(i) }
        }
        body(0)
        for helper in helpers { helper.join() }
    }
}

/// One slot per concurrent slice, filled from several threads.
private final class Results: Sendable {
    private let slots: Mutex<[(ScanRefinement, [ScanProblem])]>
    init(count: Int) { slots = Mutex(Array(repeating: (ScanRefinement(), []), count: count)) }
    func set(_ i: Int, _ r: ScanRefinement, _ p: [ScanProblem]) { slots.withLock { $0[i] = (r, p) } }
    var all: [(ScanRefinement, [ScanProblem])] { slots.withLock { $0 } }
}
