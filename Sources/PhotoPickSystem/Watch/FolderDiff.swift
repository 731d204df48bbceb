import PhotoPickCore

/// Turns "these folders may have changed" into a `LibraryChangeSet` by re-listing only
/// those folders and comparing them with the library's snapshot. Never writes anything.
///
/// Each dirty folder is listed non-recursively. Its files are compared by stamp, so only
/// new or changed files are opened and sniffed. Known subfolders that vanished delete all
/// the media below them. Subfolders the snapshot does not know are scanned recursively with
/// `FileSystemScanner`, unless they are in `watchedFolders`: the watcher marks each folder
/// dirty when it starts watching it, so those arrive on their own. Hidden entries are
/// ignored, as in the scan. A rename is a delete of the old path plus an insert of the new.
public struct FolderDiff: Sendable {
    public let roots: [RawPath]
    /// Sniffs each new or changed file and reads its metadata: made once, for every file.
    let probe: MediaProbe
    public var sniffer: any ContentTypeSniffer { probe.sniffer }
    /// Fills `metadata` of inserted and updated files; nil leaves it empty.
    public var metadataReader: (any MetadataReader)? { probe.metadataReader }
    /// The library's boundary, for folders that appear while it is watched.
    let boundary: FolderBoundary

    public init(roots: [RawPath], sniffer: any ContentTypeSniffer, metadataReader: (any MetadataReader)? = nil) {
        self.roots = roots
        probe = MediaProbe(sniffer: sniffer, metadataReader: metadataReader)
        boundary = FolderBoundary(roots: roots)
    }

    /// The changes in `dirtyFolders` relative to `snapshot`. Folders outside every root,
    /// or hidden below their root, are ignored.
    public func changes(in dirtyFolders: Set<RawPath>, snapshot: LibrarySnapshot,
                        watchedFolders: Set<RawPath> = []) -> LibraryChangeSet {
        var pass = FolderDiffPass(diff: self, snapshot: snapshot, watched: watchedFolders)
        // Sorted, so a parent is examined before its children.
        for folder in dirtyFolders.sorted() { pass.examine(folder) }
        return pass.result()
    }

    /// The folders a full re-check must list: the roots, every folder holding known media,
    /// and the folders between them. Anything else that exists is new to the snapshot and
    /// is found from its nearest listed ancestor.
    public func foldersToRecheck(_ snapshot: LibrarySnapshot) -> Set<RawPath> {
        knownFolders(snapshot).union(roots)
    }

    /// The first root containing `folder`: the one the scanner would have found it under.
    func root(containing folder: RawPath) -> RawPath? {
        roots.first { WatchFS.isAtOrBelow(folder, $0) }
    }

    /// Snapshot folders and their ancestors up to their root.
    func knownFolders(_ snapshot: LibrarySnapshot) -> Set<RawPath> {
        var known = Set<RawPath>()
        for folder in snapshot.keys {
            guard let root = root(containing: folder) else { continue }
            var current = folder
            while known.insert(current).inserted, current != root { current = current.parent }
        }
        return known
    }

    /// A regular file as a `DiscoveredFile` when its content says photo or video, else nil.
    /// Empty files are skipped, as the scan skips them; the file is probed as the scan
    /// probes it (`MediaProbe`: one open, a JPEG's metadata from its head).
    func discover(_ path: RawPath, root: RawPath, info: WatchFS.Info) -> DiscoveredFile? {
        guard info.isRegular, info.stamp.sizeBytes > 0,
              case .media(let mime, let kind, let metadata) = probe.probe(path, name: Array(path.lastComponentBytes), modified: info.stamp.modified) else { return nil }
        return DiscoveredFile(path: path, root: root, mimeType: mime, kind: kind,
                              sizeBytes: info.stamp.sizeBytes, modified: info.stamp.modified,
                              device: info.identity.device, inode: info.identity.inode, metadata: metadata)
    }
}
