import Foundation
import PhotoPickCore
import PhotoPickIndex
import PhotoPickMedia
import PhotoPickSystem
import Synchronization

/// Index first, disk second: a warm reopen shows the library as the index last saw it; the
/// caller then has the watcher re-list the disk once (`LiveUpdates.recheckNow`), whose
/// differences arrive as live changes.
///
/// The first screen comes first: the newest files the index recorded with the listing
/// (`MetadataIndex.newestListed`, read by key in milliseconds) are made into a library of
/// their own and shown (`first`) while the whole listing is read, built with those files
/// first so that it extends what is shown (`PhotoLibrary.adopt(extending:)`).
///
/// Read on a thread of its own (`IndexPrefetch`). Without a complete listing of exactly these roots in the
/// index (a first open, other folders, an index rebuilt or unreadable) `missing` runs and
/// the caller lists the disk as before; without newest files, `first` does not run.
enum IndexFirstOpen {
    struct Handlers: Sendable {
        /// The newest files alone, built off the main thread: the first screen, shown at once.
        let first: @MainActor @Sendable (PreparedLibrary) -> Void
        /// The library as the index last saw it, built off the main thread: shown at once.
        let listed: @MainActor @Sendable (PreparedLibrary) -> Void
        let missing: @MainActor @Sendable () -> Void
    }

    /// `prefetched`, when it read these roots, spares reading the index again.
    static func start(roots: [RawPath], restriction: AssetRestriction, prefetched: IndexPrefetch? = nil,
                      handlers: Handlers) {
        let read = prefetched.flatMap { $0.roots == roots && $0.restriction == restriction ? $0 : nil }
            ?? IndexPrefetch(roots: roots, restriction: restriction)
        read.whenRead(first: { first in
            if let first { MainQueueBridge.post { handlers.first(first) } }
        }, prepared: { prepared in
            guard let prepared else { return MainQueueBridge.post { handlers.missing() } }
            MainQueueBridge.post { handlers.listed(prepared) }
        })
    }

    /// The first screen's library: the newest files of the index's listing of `roots`
    /// (`index-newest`) made into a library of their own (`library-first`), or nil when the
    /// index recorded none. On the calling thread (not the main one).
    static func readFirst(_ index: MetadataIndex?, _ roots: [RawPath], restriction: AssetRestriction)
        -> (files: [DiscoveredFile], library: PreparedLibrary)? {
        guard let newest = Trace.timed("index-newest", { index?.newestListed(of: roots) }) else { return nil }
        return Trace.timed("library-first \(newest.count)") {
            let builder = PreparedLibrary.Builder(roots: roots, restriction: restriction)
            for file in newest { builder.add(file) }
            return (newest, builder.finish())
        }
    }

    /// The session's library as the index's listing of `roots` left it, if the index holds
    /// one it can vouch for; on the calling thread (not the main one). `first` (the first
    /// screen's files) go in first, in their order, then the listing's rows, straight into
    /// the library as they are read (`index-listing`), then its albums are built
    /// (`library-prepared`).
    /// `index` is closed once read (`index-closed`).
    static func readPrepared(_ index: inout MetadataIndex?, _ roots: [RawPath], restriction: AssetRestriction,
                             first: [DiscoveredFile]) -> PreparedLibrary? {
        let builder = PreparedLibrary.Builder(roots: roots, restriction: restriction, first: first)
        // This thread's CPU time as well as the wall time: on a loaded machine the wall time
        // says more about the other processes than about the read.
        let cpuStart = ThreadClock.cpuMicroseconds()
        defer { Trace.mark("index-prepare-cpu \((ThreadClock.cpuMicroseconds() - cpuStart) / 1000)ms") }
        let listed = Trace.timed("index-listing") { index?.listedFiles(of: roots, reserve: builder.reserve, each: builder.add) }
        Trace.timed("index-closed") { index = nil }
        TraceMemory.mark("index-listing")
        guard listed != nil else { return nil }
        defer { TraceMemory.mark("library-prepared") }
        return Trace.timed("library-prepared \(builder.count)") { builder.finish() }
    }

    /// The index, saying on stderr when it had to be set aside and started afresh. Closed
    /// without SQLite's whole-file check: at a million rows it read the 150 MB file for a
    /// third of a second between the first screen and the whole library, and damage on a
    /// page the reads reach still fails them and sets the index aside (`MetadataIndex.flush`).
    /// The whole file is checked when the listing is recorded (`ListingRecorder`), once the
    /// disk was listed again.
    static func openIndex() -> MetadataIndex? {
        let index = try? MetadataIndex(checksWholeFile: false)
        if let reason = index?.rebuiltBecause {
            FileHandle.standardError.write(Data(("photopick: " + tr("warning: the photo index could not be used (%s) and is rebuilt", reason) + "\n").utf8))
        }
        return index
    }
}

/// The index's listing, read and made into the session's library on a thread of its own
/// while GTK starts and the window is built (a few hundred milliseconds each, on different
/// cores); the first scan takes it. The first screen's library is ready long before the
/// whole one.
final class IndexPrefetch: Sendable {
    typealias Completion = @Sendable (PreparedLibrary?) -> Void

    let roots: [RawPath]
    /// The caller's restriction the library was built with (the command line's; the
    /// remembered settings never restrict).
    let restriction: AssetRestriction

    /// Each stage's result once read (`.some(nil)`: read, nothing there) and who waits for it.
    private struct Stages {
        var first: PreparedLibrary??
        var prepared: PreparedLibrary??
        var onFirst: Completion?
        var onPrepared: Completion?
    }
    private let stages = Mutex(Stages())

    init(roots: [RawPath], restriction: AssetRestriction) {
        self.roots = roots
        self.restriction = restriction
        Thread.detachNewThread { [self] in
            var index = IndexFirstOpen.openIndex()
            let first = IndexFirstOpen.readFirst(index, roots, restriction: restriction)
            stages.withLock { stages in
                stages.first = .some(first?.library)
                stages.onFirst?(first?.library)
            }
            if first != nil {
                ListingHoldForTests.wait()
                // The window is showing the first screen now: the rest of the read is background
                // work, as the scan is, and must not take the cores from the main thread.
                WorkerPriority.lowerCurrentThread()
            }
            let prepared = IndexFirstOpen.readPrepared(&index, roots, restriction: restriction, first: first?.files ?? [])
            stages.withLock { stages in
                stages.prepared = .some(prepared)
                stages.onPrepared?(prepared)
            }
        }
    }

    /// Calls `first` with the first screen's library (nil without one), then `prepared` with
    /// the whole read's: at once for a stage already read, else on the reading thread as it
    /// ends. Once per prefetch. Both run under the lock, so they come in this order however
    /// the read and this call meet: keep them short (they post to the main queue).
    func whenRead(first: @escaping Completion, prepared: @escaping Completion) {
        stages.withLock { stages in
            if let read = stages.first { first(read) } else { stages.onFirst = first }
            if let read = stages.prepared { prepared(read) } else { stages.onPrepared = prepared }
        }
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
                index.recordListing(of: roots, snapshot: snapshot, completed: Date().timeIntervalSince1970, applying: changes)
                Trace.mark("index-recorded \(snapshot.values.reduce(0) { $0 + $1.count })")
            }
        }
    }
}

/// Test hook: with `PHOTOPICK_TEST_HOLD_LISTING=1`, the whole listing is read only once the
/// first screen shows its thumbnails (a minute at most), so that a test sees that screen come
/// from the newest files alone, whatever the machine's speed. Released once for good: a later
/// read (a rescan's, after Try Again) is not held, since no first screen comes to release it.
enum ListingHoldForTests {
    static let enabled = ProcessInfo.processInfo.environment["PHOTOPICK_TEST_HOLD_LISTING"] == "1"
    private static let released = DispatchSemaphore(value: 0)

    static func wait() {
        guard enabled else { return }
        _ = released.wait(timeout: .now() + 60)
        released.signal()  // open for every later wait
    }

    static func release() {
        guard enabled else { return }
        released.signal()
    }
}
