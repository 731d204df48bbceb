#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// One `FolderDiff.changes` call: the snapshot's shape, and the changes found so far.
struct FolderDiffPass {
    let diff: FolderDiff
    let snapshot: LibrarySnapshot
    let watched: Set<RawPath>
    let known: Set<RawPath>
    /// Known folder → its known immediate subfolders, to notice the ones that vanished.
    let knownChildren: [RawPath: [RawPath]]

    private var inserted: [RawPath: DiscoveredFile] = [:]
    private var updated: [RawPath: DiscoveredFile] = [:]
    private var deleted: Set<RawPath> = []
    private var problems: [ScanProblem] = []
    /// Inserted paths that came from recursive scans of new folders.
    private var scanned: Set<RawPath> = []

    init(diff: FolderDiff, snapshot: LibrarySnapshot, watched: Set<RawPath>) {
        self.diff = diff
        self.snapshot = snapshot
        self.watched = watched
        known = diff.knownFolders(snapshot)
        var children: [RawPath: [RawPath]] = [:]
        for folder in known { children[folder.parent, default: []].append(folder) }
        knownChildren = children
    }

    mutating func examine(_ folder: RawPath) {
        guard let root = diff.root(containing: folder), !WatchFS.isHidden(folder, below: root) else { return }
        let entries: [WatchFS.Entry]
        do {
            guard try WatchFS.info(folder).isDirectory else { return removeAll(atOrBelow: folder) }
            entries = try WatchFS.list(folder)
        } catch {
            return folderFailed(folder, code: error.code)
        }

        var files: [RawPath: WatchFS.Info] = [:]
        var subfolders = Set<RawPath>()
        for entry in entries where !WatchFS.isHidden(entry.name) {
            let path = folder.appending(component: entry.name)
            guard let info = try? WatchFS.info(path) else { continue }  // vanished, or a dangling link
            if info.isDirectory { subfolders.insert(path) } else if info.isRegular { files[path] = info }
        }

        for (path, stamp) in snapshot[folder] ?? [:] {
            guard let info = files[path] else { deleted.insert(path); continue }
            guard !stamp.matches(info.stamp) else { continue }
            // Changed content may no longer be media at all (or be empty now).
            if let file = diff.discover(path, root: root, info: info) { updated[path] = file } else { deleted.insert(path) }
        }
        for (path, info) in files where snapshot.stamp(for: path) == nil && inserted[path] == nil {
            if let file = diff.discover(path, root: root, info: info) { inserted[path] = file }
        }

        for child in knownChildren[folder] ?? [] where !subfolders.contains(child) { removeAll(atOrBelow: child) }
        for child in subfolders.sorted() where !known.contains(child) && !watched.contains(child) {
            scanNewFolder(child, root: root)
        }
    }

    /// A folder that cannot be listed: gone means its media are gone; unreadable is also a
    /// problem (as in the scan); anything else may be passing, so the media are kept.
    private mutating func folderFailed(_ folder: RawPath, code: Int32) {
        switch code {
        case ENOENT, ENOTDIR:
            removeAll(atOrBelow: folder)
        case EACCES, EPERM:
            problems.append(WatchFS.problem(folder, code))
            removeAll(atOrBelow: folder)
        default:
            problems.append(WatchFS.problem(folder, code))
        }
    }

    private mutating func removeAll(atOrBelow folder: RawPath) {
        for (key, files) in snapshot where WatchFS.isAtOrBelow(key, folder) { deleted.formUnion(files.keys) }
    }

    /// A folder new to the snapshot, scanned whole. A link back to one of its own ancestors
    /// is skipped: scanning it would list that ancestor's tree again under a longer path.
    private mutating func scanNewFolder(_ folder: RawPath, root: RawPath) {
        guard let identity = try? WatchFS.info(folder).identity else { return }
        var ancestor = folder
        while ancestor != root, ancestor.parent != ancestor {
            ancestor = ancestor.parent
            if (try? WatchFS.info(ancestor).identity) == identity { return }
        }
        let scanner = FileSystemScanner(roots: [folder], sniffer: diff.sniffer, metadataReader: diff.metadataReader,
                                        boundary: diff.boundary)
        let (files, summary) = scanner.scanAll()
        for file in files where snapshot.stamp(for: file.path) == nil {
            // The scanner calls `folder` the root; the library knows the real one.
            scanned.insert(file.path)
            inserted[file.path] = DiscoveredFile(path: file.path, root: root, mimeType: file.mimeType, kind: file.kind,
                                                 sizeBytes: file.sizeBytes, modified: file.modified,
                                                 device: file.device, inode: file.inode, metadata: file.metadata)
        }
        problems += summary.problems
    }

    /// Files a new folder's scan reached that the library already has under another path
    /// (a link into known folders): the library keeps one asset per file, so they are not
    /// news. Files moved here, whose old path is deleted in this same pass, stay inserted.
    private mutating func dropKnownFilesReachedAgain() {
        guard !scanned.isEmpty else { return }
        var live = Set<FileIdentity>()
        for files in snapshot.values {
            for (path, stamp) in files where stamp.inode != 0 && !deleted.contains(path) {
                live.insert(FileIdentity(device: stamp.device, inode: stamp.inode))
            }
        }
        for path in scanned {
            guard let file = inserted[path] else { continue }
            if live.contains(FileIdentity(device: file.device, inode: file.inode)) { inserted[path] = nil }
        }
    }

    mutating func result() -> LibraryChangeSet {
        dropKnownFilesReachedAgain()
        var changes = LibraryChangeSet(
            inserted: inserted.values.sorted { $0.path < $1.path },
            updated: updated.values.sorted { $0.path < $1.path },
            deleted: deleted.sorted(),
            problems: problems)
        changes.computeAlbums(against: snapshot)
        return changes
    }
}
