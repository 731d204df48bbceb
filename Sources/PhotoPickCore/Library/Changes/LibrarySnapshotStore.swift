import Synchronization

/// A thread-safe copy of what the library knows, in the shape change detection compares.
///
/// The library lives on the main actor, but the monitor compares on its own queue. Feed
/// this the scan's batches and every delivered change set (in `deliver`, before hopping to
/// the main actor), and pass `snapshot` to `LibraryMonitor`.
public final class LibrarySnapshotStore: Sendable {
    private let state = Mutex<LibrarySnapshot>([:])

    public init(files: [DiscoveredFile] = []) { add(files) }

    /// As `setStamp` per file, with one parent path made per run of files in one folder (a
    /// scan's batches come folder by folder): not a path allocated and dropped per file.
    public func add(_ files: [DiscoveredFile]) {
        state.withLock { snapshot in
            var folder: RawPath?
            for file in files {
                if folder.map({ !file.path.isDirectlyInside($0) }) ?? true { folder = file.path.parent }
                snapshot[folder!, default: [:]][file.path] = FileStamp(file)
            }
        }
    }

    /// A snapshot made elsewhere (a prepared library's): taken whole when nothing is known
    /// yet, else merged in, its stamps winning.
    public func add(_ other: LibrarySnapshot) {
        state.withLock { snapshot in
            guard !snapshot.isEmpty else { return snapshot = other }
            for (folder, stamps) in other { snapshot[folder, default: [:]].merge(stamps) { _, new in new } }
        }
    }

    /// Deletions first, as the library applies them (see `LibraryChangeSet`).
    public func apply(_ changes: LibraryChangeSet) {
        state.withLock { snapshot in
            for path in changes.deleted { snapshot.setStamp(nil, for: path) }
            for file in changes.inserted + changes.updated { snapshot.setStamp(FileStamp(file), for: file.path) }
        }
    }

    /// A scan's verifying pass, as `PickerSession.refineScanned` takes it: a file it read
    /// that a delivered change set removed meanwhile stays removed.
    public func refine(_ r: ScanRefinement) {
        state.withLock { snapshot in
            for path in r.removed { snapshot.setStamp(nil, for: path) }
            for file in r.updated where snapshot.stamp(for: file.path) != nil { snapshot.setStamp(FileStamp(file), for: file.path) }
            for file in r.added { snapshot.setStamp(FileStamp(file), for: file.path) }
        }
    }

    public func snapshot() -> LibrarySnapshot { state.withLock { $0 } }

    public var count: Int { state.withLock { $0.values.reduce(0) { $0 + $1.count } } }
}
