import Foundation
import PhotoPickCore

/// A walk `LibraryScan` can run: the real `FileSystemScanner`, or a scripted one in tests.
/// Everything is called back on the calling thread, in order.
public protocol ScanPasses: Sendable {
    /// Walks once, or (`refine`) lists by name first and then verifies the listed files.
    /// `isCancelled` says the consumer is gone: a walk may stop early.
    func run(refine: Bool, isCancelled: () -> Bool,
             onListed: ([DiscoveredFile]) -> Void,
             onListingFinished: () -> Void,
             onRefined: (ScanRefinement) -> Void) -> [ScanProblem]
}

extension FileSystemScanner: ScanPasses {
    /// A cancelled scan enters no further folder and verifies no further round.
    public func run(refine: Bool, isCancelled: () -> Bool,
                    onListed: ([DiscoveredFile]) -> Void,
                    onListingFinished: () -> Void,
                    onRefined: (ScanRefinement) -> Void) -> [ScanProblem] {
        guard refine else { return scan(isCancelled: isCancelled, onBatch: onListed).problems }
        return scanInTwoPasses(verifyingThreads: max(1, ProcessInfo.processInfo.activeProcessorCount),
                               isCancelled: isCancelled, onListed: onListed, onListingFinished: onListingFinished,
                               onRefined: onRefined).problems
    }
}
