import Synchronization

/// A thread-safe copy of what the library knows, in the shape change detection compares.
///
/// The library lives on the main actor, but the monitor compares on its own queue. Feed
/// this the scan's batches and every delivered change set (in `deliver`, before hopping to
/// the main actor), and pass `snapshot` to `LibraryMonitor`.
public final class LibrarySnapshotStore: Sendable {
    private let state = Mutex<LibrarySnapshot>([:])

    public init(files: [DiscoveredFile] = []) { add(files) }

    /// As `setStamp` per file, one pass per folder (a scan's batches come folder by folder).
    public func add(_ files: [DiscoveredFile]) {
        state.withLock { $0.setStamps(files.lazy.map { (path: $0.path, stamp: FileStamp?.some(FileStamp($0))) }) }
    }

    /// A snapshot made elsewhere (a prepared library's): taken whole when nothing is known
    /// yet, else merged in, its stamps winning.
    public func add(_ other: LibrarySnapshot) {
        state.withLock { snapshot in
            guard !snapshot.isEmpty else { return snapshot = other }
            for (folder, stamps) in other {
                // Taken out, so the folder is not shared and is changed in place, not copied.
                guard var merged = snapshot.removeValue(forKey: folder) else { snapshot[folder] = stamps; continue }
                merged.apply(stamps.map { (path: $0.key, stamp: FileStamp?.some($0.value)) })
                snapshot[folder] = merged
            }
        }
    }

    /// Deletions first, as the library applies them (see `LibraryChangeSet`).
    public func apply(_ changes: LibraryChangeSet) {
        state.withLock { snapshot in
            snapshot.setStamps(changes.deleted.lazy.map { (path: $0, stamp: nil) })
            snapshot.setStamps((changes.inserted + changes.updated).lazy.map { (path: $0.path, stamp: FileStamp?.some(FileStamp($0))) })
        }
    }

    /// A scan's verifying pass, as `PickerSession.refineScanned` takes it: a file it read
    /// that a delivered change set removed meanwhile stays removed.
    public func refine(_ r: ScanRefinement) {
        state.withLock { snapshot in
            snapshot.setStamps(r.removed.lazy.map { (path: $0, stamp: nil) })
            let known = r.updated.filter { snapshot.stamp(for: $0.path) != nil }  // decided before any is set
            snapshot.setStamps(known.lazy.map { (path: $0.path, stamp: FileStamp?.some(FileStamp($0))) })
            snapshot.setStamps(r.added.lazy.map { (path: $0.path, stamp: FileStamp?.some(FileStamp($0))) })
        }
    }

    public func snapshot() -> LibrarySnapshot { state.withLock { $0 } }

    public var count: Int { state.withLock { $0.values.reduce(0) { $0 + $1.count } } }
}
