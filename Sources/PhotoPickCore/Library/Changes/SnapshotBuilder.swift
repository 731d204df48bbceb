/// A `LibrarySnapshot` made from files that come folder by folder, as a listing gives them:
/// each folder's stamps are gathered on their own and stored once, instead of a folder
/// lookup (and a parent path made) per file. Equal to `setStamp` per file, in order.
struct SnapshotBuilder {
    private var snapshot: LibrarySnapshot = [:]
    private var folder: RawPath?
    private var stamps: [RawPath: FileStamp] = [:]

    mutating func add(_ file: DiscoveredFile) {
        if folder == nil || !file.path.isDirectlyInside(folder!) {
            closeFolder()
            folder = file.path.parent
        }
        stamps[file.path] = FileStamp(file)
    }

    mutating func finish() -> LibrarySnapshot {
        closeFolder()
        return snapshot
    }

    private mutating func closeFolder() {
        guard let folder, !stamps.isEmpty else { return }
        let size = stamps.count
        if snapshot[folder] == nil {
            snapshot[folder] = stamps
        } else {
            snapshot[folder]!.merge(stamps) { _, later in later }
        }
        stamps = [:]
        stamps.reserveCapacity(size)  // folders of a library tend to be alike: no rehash while it fills
    }
}
