import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// The opening's side of `LiveLibrary`: the watcher's change sets are applied to the session
/// on the main actor (through the front's `MainPost`), in order.
final class LiveUpdates: Sendable {
    private let library: LiveLibrary
    private let apply: @MainActor @Sendable (LibraryChangeSet) -> Void

    private let post: MainPost

    init(roots: [RawPath], post: @escaping MainPost, apply: @escaping @MainActor @Sendable (LibraryChangeSet) -> Void) {
        library = LiveLibrary(roots: roots, sniffer: GIOContentTypeSniffer(), metadataReader: Exiv2MetadataReader())
        self.post = post
        self.apply = apply
    }

    func start() {
        library.start()
        let changes = library.changes, apply = self.apply, post = self.post
        // One main-queue block per change set, as for the scan's events (see BackgroundScan).
        Task.detached {
            for await change in changes {
                post { apply(change) }
            }
        }
    }

    func stop() { library.stop() }
    func scanned(_ files: [DiscoveredFile]) { library.scanned(files) }
    func seeded(_ snapshot: LibrarySnapshot) { library.seeded(snapshot) }
    func refined(_ r: ScanRefinement) { library.refined(r) }
    func scanFinished() { library.scanFinished() }
    func recheckNow() { library.recheckNow() }
    /// What the library holds, once everything fed in so far is in it.
    func settledSnapshot() async -> LibrarySnapshot {
        await library.settled()
        return library.snapshot()
    }
}
