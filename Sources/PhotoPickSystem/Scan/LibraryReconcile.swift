import PhotoPickCore

/// Index first, disk second: the library was shown as the index last saw it; this re-lists
/// the disk and says what differs, as a change set the library applies like the watcher's.
///
/// It is the watcher's full re-check (`FolderDiff` over every known folder and the roots):
/// only new and changed files are opened; an unchanged file costs one `stat`. A file renamed
/// while the picker was closed is a delete of its old path and an insert of the new one
/// (same device and inode).
public struct LibraryReconcile: Sendable {
    private let diff: FolderDiff

    public init(roots: [RawPath], sniffer: any ContentTypeSniffer, metadataReader: (any MetadataReader)?) {
        diff = FolderDiff(roots: roots, sniffer: sniffer, metadataReader: metadataReader)
    }

    /// What changed on disk since `known` (the files the library was shown with).
    public func changes(since known: [DiscoveredFile]) -> LibraryChangeSet {
        changes(since: LibrarySnapshotStore(files: known).snapshot())
    }

    func changes(since snapshot: LibrarySnapshot) -> LibraryChangeSet {
        diff.changes(in: diff.foldersToRecheck(snapshot), snapshot: snapshot)
    }
}
