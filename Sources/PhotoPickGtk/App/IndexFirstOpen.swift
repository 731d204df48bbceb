import Foundation
import PhotoPickCore
import PhotoPickIndex
import PhotoPickMedia
import PhotoPickSystem

/// Index first, disk second: a warm reopen shows the library as the index last saw it,
/// then re-lists the disk in the background and hands over only the differences.
///
/// Runs on a thread of its own. Without a complete listing of exactly these roots in the
/// index (a first open, other folders, an index rebuilt or unreadable) `missing` runs and
/// the caller lists the disk as before.
enum IndexFirstOpen {
    struct Handlers: Sendable {
        /// The library as the index last saw it: shown at once.
        let listed: @MainActor @Sendable ([DiscoveredFile]) -> Void
        /// What the disk says differs from it (`LibraryReconcile`).
        let reconciled: @MainActor @Sendable (LibraryChangeSet) -> Void
        let missing: @MainActor @Sendable () -> Void
    }

    static func start(roots: [RawPath], handlers: Handlers) {
        Thread.detachNewThread {
            guard let listing = Trace.timed("index-listing", { openIndex()?.listing(of: roots) }) else {
                return MainQueueBridge.post { handlers.missing() }
            }
            let files = listing.files
            MainQueueBridge.post { handlers.listed(files) }
            WorkerPriority.lowerCurrentThread()  // background work, like the scan's
            let reconcile = LibraryReconcile(roots: roots, sniffer: GIOContentTypeSniffer(), metadataReader: Exiv2MetadataReader())
            let changes = reconcile.changes(since: files)
            MainQueueBridge.post { handlers.reconciled(changes) }
        }
    }

    /// The index, saying on stderr when it had to be set aside and started afresh.
    private static func openIndex() -> MetadataIndex? {
        let index = try? MetadataIndex()
        if let reason = index?.rebuiltBecause {
            FileHandle.standardError.write(Data(("photopick: " + tr("warning: the photo index could not be used (%s) and is rebuilt", reason) + "\n").utf8))
        }
        return index
    }
}

/// Writes the library's listing into the index, off the main thread, once the live snapshot
/// holds everything the scan or the reconcile fed in; the next open then starts from it.
enum ListingRecorder {
    static func record(roots: [RawPath], from live: LiveUpdates, applying changes: LibraryChangeSet? = nil) {
        Task.detached {
            let snapshot = await live.settledSnapshot()
            // SQLite blocks: a thread of its own rather than the cooperative pool.
            Thread.detachNewThread {
                WorkerPriority.lowerCurrentThread()
                guard let index = try? MetadataIndex() else { return }
                if let changes { index.apply(changes) }
                index.recordListing(of: roots, snapshot: snapshot, completed: Date().timeIntervalSince1970)
                Trace.mark("index-recorded \(snapshot.values.reduce(0) { $0 + $1.count })")
            }
        }
    }
}
