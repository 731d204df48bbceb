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
    func scanned(_ files: [DiscoveredFile]) { store.add(files) }
    /// Catches what changed while the scan ran and its folders were not yet watched.
    func scanFinished() { monitor.rescanEverything() }
}
