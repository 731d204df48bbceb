import Foundation
import Synchronization
import PhotoPickCore

/// Live library changes: an inotify watcher, a debouncer and a folder diff in a row.
///
/// `snapshot` and `deliver` are called from the debouncer's timer task, one batch at a
/// time. `deliver` gets only non-empty change sets; hop to the main actor from it, but do
/// not wait for the main thread there (nor in `snapshot`): `stop()` waits for a running
/// delivery, and the window calls `stop()` on the main thread.
public final class LibraryMonitor: Sendable {
    public let roots: [RawPath]
    private let watcher: InotifyWatcher
    private let debouncer: Debouncer
    private let core: MonitorCore

    /// `quietPeriod` and `maxLatency` are the debouncer's (seconds); `metadataReader` fills
    /// inserted and updated files' metadata.
    public convenience init(roots: [RawPath], sniffer: any ContentTypeSniffer,
                            metadataReader: (any MetadataReader)? = nil,
                            quietPeriod: Double = 0.3, maxLatency: Double = 2.0,
                            snapshot: @escaping @Sendable () -> LibrarySnapshot,
                            deliver: @escaping @Sendable (LibraryChangeSet) -> Void) {
        self.init(roots: roots, sniffer: sniffer, metadataReader: metadataReader, quietPeriod: quietPeriod,
                  maxLatency: maxLatency, watchLimit: nil, snapshot: snapshot, deliver: deliver)
    }

    init(roots: [RawPath], sniffer: any ContentTypeSniffer, metadataReader: (any MetadataReader)?,
         quietPeriod: Double, maxLatency: Double, watchLimit: Int?,
         snapshot: @escaping @Sendable () -> LibrarySnapshot,
         deliver: @escaping @Sendable (LibraryChangeSet) -> Void) {
        self.roots = roots
        let core = MonitorCore(diff: FolderDiff(roots: roots, sniffer: sniffer, metadataReader: metadataReader),
                               snapshot: snapshot, deliver: deliver)
        let debouncer = Debouncer(quietPeriod: quietPeriod, maxLatency: maxLatency) { [weak core] dirty in
            core?.process(dirty)
        }
        let watcher = InotifyWatcher(roots: roots, watchLimit: watchLimit) { debouncer.add($0) }
        core.watchedFolders = { [weak watcher] in watcher?.folders ?? WatchedFolders() }
        self.core = core
        self.debouncer = debouncer
        self.watcher = watcher
    }

    deinit { stop() }

    /// Starts watching; returns at once. Start before the initial scan and call
    /// `rescanEverything()` when it ends, so nothing changed during the scan is missed.
    public func start() {
        core.isStopped = false
        debouncer.resume()
        watcher.start()
    }

    /// Waits until the initial watches are in place; false on timeout.
    public func waitUntilWatching(timeout: Double = 10) -> Bool { watcher.waitUntilWatching(timeout: timeout) }

    /// Stops watching and delivering. Returns after any running delivery has finished;
    /// nothing is delivered afterwards.
    public func stop() {
        core.isStopped = true
        watcher.stop()
        debouncer.cancel()
        debouncer.waitForDelivery()
    }

    /// Re-lists every known folder (stat only; new files are read): after the initial scan,
    /// or to be sure. Goes through the debouncer like any change.
    public func rescanEverything() { debouncer.add(DirtyFolders(everything: true)) }

    /// Re-lists every known folder once the watches are in place (a change after that is
    /// reported by the kernel, so nothing is missed), and delivers the result even when
    /// nothing changed, marked `completesRecheck`: an index-first open's one re-listing.
    /// The pass runs on a thread of its own (waiting blocks, and it is no work for the
    /// cooperative pool) at the scan's lowered priority: the first screen goes first.
    public func recheckEverything() {
        let watcher = self.watcher, debouncer = self.debouncer
        BlockingThread.start("pp-recheck", .disk) {
            BackgroundPriority.lowerCurrentThread()
            _ = watcher.waitUntilWatching()
            debouncer.deliverNow(DirtyFolders(everything: true, reportsRecheck: true))
        }
    }
}

/// The comparing half of the monitor.
// Safe: `delivered` is used only in `process`, which runs inside the debouncer's deliveries,
// and those never overlap; `watchedFolders` is set once, before the monitor starts.
final class MonitorCore: @unchecked Sendable {
    private let diff: FolderDiff
    private let snapshot: @Sendable () -> LibrarySnapshot
    private let deliver: @Sendable (LibraryChangeSet) -> Void
    private let stopped = Mutex(false)
    /// Set once before the monitor starts; read in deliveries only.
    var watchedFolders: @Sendable () -> WatchedFolders = { WatchedFolders() }
    /// Used in deliveries only.
    private var delivered = DeliveredChanges()

    init(diff: FolderDiff, snapshot: @escaping @Sendable () -> LibrarySnapshot,
         deliver: @escaping @Sendable (LibraryChangeSet) -> Void) {
        self.diff = diff
        self.snapshot = snapshot
        self.deliver = deliver
    }

    var isStopped: Bool {
        get { stopped.withLock { $0 } }
        set { stopped.withLock { $0 = newValue } }
    }

    /// One debounced batch: compare, remember what was reported, deliver.
    func process(_ dirty: DirtyFolders) {
        guard !isStopped else { return }
        let watching = watchedFolders()
        let known = delivered.overlay(on: snapshot())
        var folders = dirty.folders
        // Aliases are not listed: their files are known under the watched path.
        if dirty.everything { folders.formUnion(diff.foldersToRecheck(known).union(watching.watched)) }
        var changes = diff.changes(in: folders, snapshot: known, watchedFolders: watching.covered)
        changes.problems = dirty.problems + changes.problems
        changes.completesRecheck = dirty.reportsRecheck
        guard !changes.isEmpty || changes.completesRecheck, !isStopped else { return }
        delivered.record(changes)
        deliver(changes)
    }
}
