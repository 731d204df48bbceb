/// A `LibrarySnapshot` made from files that come folder by folder, as a listing gives them:
/// each folder's stamps are gathered on their own and stored once (one sort, one merge),
/// instead of a folder lookup (and a parent path made) per file. Equal to `setStamp` per
/// file, in order.
struct SnapshotBuilder {
    private var snapshot: LibrarySnapshot = [:]
    private var folder: RawPath?
    private var stamps: [(path: RawPath, stamp: FileStamp?)] = []

    mutating func add(_ file: DiscoveredFile) {
        if folder == nil || !file.path.isDirectlyInside(folder!) {
            closeFolder()
            folder = file.path.parent
        }
        stamps.append((file.path, FileStamp(file)))
    }

    mutating func finish() -> LibrarySnapshot {
        closeFolder()
        return snapshot
    }

    private mutating func closeFolder() {
        guard let folder, !stamps.isEmpty else { return }
        snapshot.apply(stamps, in: folder)
        stamps.removeAll(keepingCapacity: true)  // folders of a library tend to be alike
    }
}
