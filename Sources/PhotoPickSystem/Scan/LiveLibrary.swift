import PhotoPickCore

/// What keeps a library in step with the disk: `LibraryMonitor`, or a fake in tests.
public protocol ChangeWatching: Sendable {
    func start()
    /// Stops; nothing is delivered after it returns.
    func stop()
    /// Re-lists every known folder, as if each had changed.
    func rescanEverything()
    /// Re-lists every known folder once watching, and delivers the result even when empty,
    /// marked `completesRecheck`.
    func recheckEverything()
}

extension LibraryMonitor: ChangeWatching {}

/// The open window's library kept in step with the disk, below the views.
///
/// The scan's batches and refinements feed the snapshot the watcher compares against, in
/// the order they were sent (a queue of their own: hashing 100,000 paths is not work for
/// the main thread). The watcher's change sets update that snapshot first and then come
/// out of `changes`, in order. When the scan ends, everything is re-listed once, after
/// `recheckDelay`: what changed while the scan ran and its folders were not yet watched is
/// found then (the first screen of thumbnails goes first; waiting misses nothing, as the
/// walk compares the disk with the snapshot whenever it runs).
public actor LiveLibrary {
    /// The watcher's change sets, applied to the snapshot already; ends after `stop()`.
    public nonisolated let changes: AsyncStream<LibraryChangeSet>
    private nonisolated let changesInput: AsyncStream<LibraryChangeSet>.Continuation
    private nonisolated let feedInput: AsyncStream<Feed>.Continuation
    private let feed: AsyncStream<Feed>
    private nonisolated let store: LibrarySnapshotStore
    private nonisolated let watcher: any ChangeWatching
    private let recheckDelay: Duration
    private var consumer: Task<Void, Never>?
    private var recheck: Task<Void, Never>?

    private enum Feed: Sendable {
        case scanned([DiscoveredFile])
        case seeded(LibrarySnapshot)
        case refined(ScanRefinement)
        case scanFinished
        case recheckNow
        case barrier(CheckedContinuation<Void, Never>)
    }

    /// `watcher` is made here, given the snapshot to compare against and where to deliver.
    public init(recheckDelay: Duration = .milliseconds(1500),
                watcher makeWatcher: (_ snapshot: @escaping @Sendable () -> LibrarySnapshot,
                                      _ deliver: @escaping @Sendable (LibraryChangeSet) -> Void) -> any ChangeWatching) {
        let store = LibrarySnapshotStore()
        let (changes, changesInput) = AsyncStream.makeStream(of: LibraryChangeSet.self)
        let (feed, feedInput) = AsyncStream.makeStream(of: Feed.self)
        self.feed = feed
        self.feedInput = feedInput
        self.store = store
        self.changes = changes
        self.changesInput = changesInput
        self.recheckDelay = recheckDelay
        watcher = makeWatcher({ store.snapshot() }, { change in
            store.apply(change)
            changesInput.yield(change)
        })
    }

    /// The window's watcher over `roots`, reading new files with `sniffer` and `metadataReader`.
    public init(roots: [RawPath], sniffer: any ContentTypeSniffer, metadataReader: (any MetadataReader)?) {
        self.init { snapshot, deliver in
            LibraryMonitor(roots: roots, sniffer: sniffer, metadataReader: metadataReader,
                           snapshot: snapshot, deliver: deliver)
        }
    }

    /// Starts watching at once, and feeding the scan's results in; start before the scan.
    public nonisolated func start() {
        watcher.start()
        Task { await self.startFeeding() }
    }

    private func startFeeding() {
        guard consumer == nil else { return }
        let feed = self.feed
        consumer = Task { [self] in
            for await item in feed { handle(item) }
        }
    }

    /// Stops watching; no change set is delivered after this returns.
    public nonisolated func stop() {
        watcher.stop()
        feedInput.finish()
        changesInput.finish()
        Task { await self.cancelRecheck() }
    }

    /// A batch the scan delivered; callable from any thread, kept in order.
    public nonisolated func scanned(_ files: [DiscoveredFile]) { feedInput.yield(.scanned(files)) }
    /// What an index-first open listed, as a snapshot made off the main thread with the
    /// library (`PreparedLibrary.snapshot`): as `scanned` with those files, without them.
    public nonisolated func seeded(_ snapshot: LibrarySnapshot) { feedInput.yield(.seeded(snapshot)) }
    /// The scan's verifying pass: what it dropped or found is no longer news for the watcher.
    public nonisolated func refined(_ refinement: ScanRefinement) { feedInput.yield(.refined(refinement)) }
    /// The scan has ended: re-list everything once the snapshot holds all it sent.
    public nonisolated func scanFinished() { feedInput.yield(.scanFinished) }
    /// An index-first open: the library was shown from the index (fed in with `scanned`);
    /// re-list every folder now, once the snapshot holds it, and compare the disk with it.
    /// The differences come out of `changes` as one set marked `completesRecheck` (even when
    /// empty): the open's one listing of the disk, through the watcher's own comparison.
    public nonisolated func recheckNow() { feedInput.yield(.recheckNow) }

    /// Returns once everything fed in before this call is in the snapshot (at once after `stop()`).
    public func settled() async {
        await withCheckedContinuation { continuation in
            if case .terminated = feedInput.yield(.barrier(continuation)) { continuation.resume() }
        }
    }

    /// The snapshot the watcher compares against now.
    public nonisolated func snapshot() -> LibrarySnapshot { store.snapshot() }

    private func handle(_ item: Feed) {
        switch item {
        case .scanned(let files): store.add(files)
        case .seeded(let snapshot): store.add(snapshot)
        case .refined(let refinement): store.refine(refinement)
        case .scanFinished:
            let watcher = self.watcher, delay = recheckDelay
            recheck = Task {
                try? await Task.sleep(for: delay)
                if !Task.isCancelled { watcher.rescanEverything() }
            }
        case .recheckNow: watcher.recheckEverything()
        case .barrier(let continuation): continuation.resume()
        }
    }

    private func cancelRecheck() { recheck?.cancel() }
}
