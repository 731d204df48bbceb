import Foundation
import PhotoPickCore
import PhotoPickIndex
import PhotoPickSystem

/// Writes the library's listing into the index, off the main thread, once the live snapshot
/// holds everything the scan or the reconcile fed in; the next open then starts from it.
/// A pass in which a root itself could not be read is not a complete listing: nothing is
/// recorded then (for the first scan and the reconcile alike), and the next open lists the disk.
/// Returns whether it will record; `recorded` is called (on the recording thread) with the
/// number of files once they are in the index.
enum ListingRecorder {
    @discardableResult
    static func record(roots: [RawPath], problems: [ScanProblem], from live: LiveUpdates, into location: IndexLocation,
                       applying changes: LibraryChangeSet? = nil, recorded: @escaping @Sendable (Int) -> Void = { _ in }) -> Bool {
        guard !problems.contains(where: { roots.contains($0.path) }) else { return false }
        Task.detached {
            let snapshot = await live.settledSnapshot()
            // SQLite blocks: a thread of its own rather than the cooperative pool.
            _ = BlockingThread.start("pp-record", .disk) {
                BackgroundPriority.lowerCurrentThread()
                guard let index = try? MetadataIndex(path: location.path) else { return }
                index.recordListing(of: roots, snapshot: snapshot, completed: Date().timeIntervalSince1970, applying: changes)
                let count = snapshot.values.reduce(0) { $0 + $1.count }
                Trace.mark("index-recorded \(count)")
                recorded(count)
            }
        }
        return true
    }
}
