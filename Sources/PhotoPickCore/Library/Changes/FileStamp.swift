/// What the change detection remembers about a known file, to tell whether it changed.
public struct FileStamp: Sendable, Hashable {
    public var sizeBytes: Int64
    /// Modification time, seconds since 1970, exactly as the scan reported it.
    public var modified: Double
    /// Device and inode; 0 when the library does not keep them (they are then not compared).
    public var device: UInt64
    public var inode: UInt64

    public init(sizeBytes: Int64, modified: Double, device: UInt64 = 0, inode: UInt64 = 0) {
        self.sizeBytes = sizeBytes
        self.modified = modified
        self.device = device
        self.inode = inode
    }

    public init(_ file: DiscoveredFile) {
        self.init(sizeBytes: file.sizeBytes, modified: file.modified, device: file.device, inode: file.inode)
    }

    /// Same size and time (and the same file, when both sides know it). A different inode
    /// means the name now points at another file, as after an editor's save-by-rename.
    public func matches(_ other: FileStamp) -> Bool {
        guard sizeBytes == other.sizeBytes, modified == other.modified else { return false }
        let bothKnown = inode != 0 && other.inode != 0
        return !bothKnown || (inode == other.inode && device == other.device)
    }
}

/// The library's known media, by folder then by path: what change detection compares the
/// disk against. Build it from the `DiscoveredFile`s the library holds (see `LibrarySnapshotStore`).
public typealias LibrarySnapshot = [RawPath: FolderStamps]

extension Dictionary where Key == RawPath, Value == FolderStamps {
    /// Records `stamp` for `path`, or forgets `path` when `stamp` is nil.
    public mutating func setStamp(_ stamp: FileStamp?, for path: RawPath) {
        let folder = path.parent
        if let stamp {
            self[folder, default: FolderStamps(folder: folder)][path] = stamp
        } else if self[folder]?.removeValue(forKey: path) != nil, self[folder]?.isEmpty == true {
            self[folder] = nil
        }
    }

    /// `setStamp` for each change in order, one pass per run of one folder's files (see
    /// `FolderStamps.apply`). Lazy input, and one folder's run held at a time: a listing's
    /// batch of 100,000 files is not copied whole.
    public mutating func setStamps(_ changes: some Sequence<(path: RawPath, stamp: FileStamp?)>) {
        var folder: RawPath?
        var run: [(path: RawPath, stamp: FileStamp?)] = []
        for change in changes {
            // One parent path per run of one folder's files (batches come folder by folder).
            if folder.map({ !change.path.isDirectlyInside($0) }) ?? true {
                if let folder { apply(run, in: folder) }
                run.removeAll(keepingCapacity: true)
                folder = change.path.parent
            }
            run.append(change)
        }
        if let folder { apply(run, in: folder) }
    }

    mutating func apply(_ run: [(path: RawPath, stamp: FileStamp?)], in folder: RawPath) {
        var stamps = removeValue(forKey: folder) ?? FolderStamps(folder: folder)  // unshared: changed in place
        stamps.apply(run)
        if !stamps.isEmpty { self[folder] = stamps }
    }

    public func stamp(for path: RawPath) -> FileStamp? { self[path.parent]?[path] }
}
