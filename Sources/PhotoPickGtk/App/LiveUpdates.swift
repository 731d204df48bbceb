import Dispatch
import PhotoPickCore
import PhotoPickMedia

/// Keeps the window's library in step with the disk while it is open: the watcher's change
/// sets, debounced, applied to the session on the main actor. Scan batches feed the
/// snapshot the watcher compares against.
final class LiveUpdates: Sendable {
    private let store = LibrarySnapshotStore()
    private let monitor: LibraryMonitor

    init(roots: [RawPath], apply: @escaping @MainActor @Sendable (LibraryChangeSet) -> Void) {
        let store = self.store
        monitor = LibraryMonitor(roots: roots, sniffer: GIOContentTypeSniffer(), metadataReader: Exiv2MetadataReader(),
                                 snapshot: { store.snapshot() },
                                 deliver: { changes in
                                     store.apply(changes)
                                     DispatchQueue.main.async { apply(changes) }
                                 })
    }

    func start() { monitor.start() }
    func stop() { monitor.stop() }
    /// Scan results reach the snapshot on a queue of their own, in order: hashing 100,000
    /// paths into it is not work for the main thread while the first screen is drawn.
    private let feed = DispatchQueue(label: "photopick.live-snapshot", qos: .utility)

    func scanned(_ files: [DiscoveredFile]) {
        let store = self.store
        feed.async { store.add(files) }
    }
    /// The scan's verifying pass: what it dropped or found is no longer news for the watcher.
    func refined(_ r: ScanRefinement) {
        let store = self.store
        feed.async { store.refine(r) }
    }
    /// Catches what changed while the scan ran and its folders were not yet watched (once the
    /// snapshot holds everything the scan sent: the feed is in order). It walks the whole
    /// library again, so it waits a moment: with a warm index the scan ends just as the first
    /// screen of thumbnails is being made, and those come first. Nothing is missed by
    /// waiting: the walk compares the disk with the snapshot, whenever it runs.
    func scanFinished() {
        let monitor = self.monitor
        feed.asyncAfter(deadline: .now() + 1.5) { monitor.rescanEverything() }
    }
}
