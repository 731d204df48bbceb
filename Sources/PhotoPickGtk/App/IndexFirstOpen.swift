import Foundation
import PhotoPickCore
import PhotoPickIndex
import PhotoPickMedia
import PhotoPickSystem
import Synchronization

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

    /// `prefetched`, when it read these roots, spares reading the index again.
    static func start(roots: [RawPath], prefetched: IndexPrefetch? = nil, handlers: Handlers) {
        Thread.detachNewThread {
            let read = prefetched?.roots == roots ? prefetched?.listing() : readListing(roots)
            guard let listing = read else { return MainQueueBridge.post { handlers.missing() } }
            let files = listing.files
            MainQueueBridge.post { handlers.listed(files) }
            WorkerPriority.lowerCurrentThread()  // background work, like the scan's
            let reconcile = LibraryReconcile(roots: roots, sniffer: GIOContentTypeSniffer(), metadataReader: Exiv2MetadataReader())
            let changes = reconcile.changes(since: files)
            MainQueueBridge.post { handlers.reconciled(changes) }
        }
    }

    /// The index's listing of `roots`, if it holds one it can vouch for.
    static func readListing(_ roots: [RawPath]) -> IndexedListing? {
        Trace.timed("index-listing") { openIndex()?.listing(of: roots) }
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

/// The index's listing, read on a thread of its own while GTK starts and the window is
/// built (a few hundred milliseconds each, on different cores); the first scan takes it.
final class IndexPrefetch: Sendable {
    let roots: [RawPath]
    private let result = Mutex<IndexedListing?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(roots: [RawPath]) {
        self.roots = roots
        Thread.detachNewThread { [self] in
            let listing = IndexFirstOpen.readListing(roots)
            result.withLock { $0 = listing }
            done.signal()
        }
    }

    /// Waits for the read (call off the main thread).
    func listing() -> IndexedListing? {
        done.wait()
        done.signal()  // for any later caller
        return result.withLock { $0 }
    }
}

/// Writes the library's listing into the index, off the main thread, once the live snapshot
/// holds everything the scan or the reconcile fed in; the next open then starts from it.
/// A pass in which a root itself could not be read is not a complete listing: nothing is
/// recorded then (for the first scan and the reconcile alike), and the next open lists the disk.
enum ListingRecorder {
    static func record(roots: [RawPath], problems: [ScanProblem], from live: LiveUpdates,
                       applying changes: LibraryChangeSet? = nil) {
        guard !problems.contains(where: { roots.contains($0.path) }) else { return }
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
