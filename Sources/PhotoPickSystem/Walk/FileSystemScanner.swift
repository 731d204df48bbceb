import Foundation
#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Walks library folders and reports the photos and videos in them.
///
/// Runs on whatever thread calls `scan`; the window calls it off the main thread.
/// It never writes anything, never blocks on special files (FIFOs, sockets, devices
/// are skipped from their `stat`), skips hidden entries, follows symbolic links but
/// visits each folder once (so link loops end) and never leaves the library's
/// `FolderBoundary` (no link up to `/` or into /proc), and records unreadable folders as
/// problems instead of failing.
public struct FileSystemScanner: Sendable {
    public let roots: [RawPath]
    /// Sniffs each file the cache does not know and reads its metadata: made once, for every file.
    let probe: MediaProbe
    /// What earlier scans learnt: an unchanged file (same size and mtime) is taken from it
    /// without being opened; what is learnt anew is stored back.
    public let cache: (any ScanCache)?
    /// The folders the walk may enter: by default the roots' own boundary.
    public let boundary: FolderBoundary

    public init(roots: [RawPath], sniffer: any ContentTypeSniffer, metadataReader: (any MetadataReader)? = nil,
                cache: (any ScanCache)? = nil, boundary: FolderBoundary? = nil) {
        self.roots = roots
        self.boundary = boundary ?? FolderBoundary(roots: roots)
        probe = MediaProbe(sniffer: sniffer, metadataReader: metadataReader)
        self.cache = cache
    }

    public struct Summary: Sendable {
        public var filesSeen = 0
        public var mediaFound = 0
        public var problems: [ScanProblem] = []
    }

    /// Scans every root; `onBatch` receives found media in batches of about `batchSize`.
    /// Once `isCancelled` says so, no further folder is entered.
    @discardableResult
    public func scan(batchSize: Int = 256, isCancelled: () -> Bool = { false },
                     onBatch: ([DiscoveredFile]) -> Void) -> Summary {
        var summary = Summary()
        var batch: [DiscoveredFile] = []
        batch.reserveCapacity(batchSize)
        var unreadable: [ScanProblem] = []
        summary.problems = walk(isCancelled: isCancelled) { path, name, root, entry in
            summary.filesSeen += 1
            guard let file = discover(path, name: name, root: root, info: entry, unreadable: &unreadable) else { return }
            batch.append(file)
            if batch.count >= batchSize {
                summary.mediaFound += batch.count
                onBatch(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty {
            summary.mediaFound += batch.count
            onBatch(batch)
        }
        summary.problems += unreadable
        cache?.flush()
        return summary
    }

    /// Visits every regular, non-hidden file below the roots, depth-first in name order,
    /// each folder once; returns the folders that could not be read. Stops entering folders
    /// once `isCancelled` says so. The cache is asked to `prepare` each folder before its files.
    func walk(isCancelled: () -> Bool = { false },
              _ visit: (_ path: RawPath, _ name: [UInt8], _ root: RawPath, _ info: FileInfo) -> Void) -> [ScanProblem] {
        walkFolders(isCancelled: isCancelled) { folder, root, entries in
            cache?.prepare(folder: folder)
            for (i, info) in entries.infos.enumerated() {
                guard let info, info.isRegular else { continue }
                let name = entries.nameBytes[entries.nameRange(i)]
                visit(folder.appending(component: name), Array(name), root, info)
            }
        }
    }

    /// `walk`'s order, a folder at a time: `files` hears of each folder entered, with its
    /// entries (its regular files are the entries whose `info.isRegular`), before any folder
    /// below it. `reading` lists a folder the walk enters; it also sees the folders still to
    /// come (`pending`, the next one last), so it may have read them ahead (`FolderReadAhead`).
    func walkFolders(isCancelled: () -> Bool = { false },
                     reading: (_ folder: RawPath, _ pending: [RawPath]) -> FolderEntries = { folder, _ in FolderEntries.read(folder) },
                     _ files: (_ folder: RawPath, _ root: RawPath, _ entries: FolderEntries) -> Void) -> [ScanProblem] {
        var problems: [ScanProblem] = []
        var visitedFolders = Set<FileIdentity>()
        for root in roots {
            var pending: [RawPath] = [root]
            while let folder = pending.popLast() {
                if isCancelled() { return problems }
                guard let info = Self.fileInfo(folder) else {
                    problems.append(Self.problem(folder))
                    continue
                }
                guard info.isDirectory, boundary.admits(info.key) else { continue }
                guard visitedFolders.insert(info.key).inserted else { continue }
                let entries = reading(folder, pending)
                if let failure = entries.failure {
                    problems.append(ScanProblem(path: folder, error: failure))
                    continue
                }
                // A folder that can be listed but not searched (mode r--) is a problem, reported
                // once for the folder; an entry that vanished or dangles is skipped silently.
                if entries.denied { problems.append(ScanProblem(path: folder, error: SystemError(call: "stat", code: EACCES))) }
                files(folder, root, entries)
                var subfolders: [RawPath] = []
                for (i, entry) in entries.infos.enumerated() {
                    guard let entry, entry.isDirectory, boundary.admits(entry.key, parentDevice: info.key.device) else { continue }
                    subfolders.append(folder.appending(component: entries.nameBytes[entries.nameRange(i)]))
                }
                // Depth-first in name order: reversed because `pending` pops from the end.
                pending.append(contentsOf: subfolders.sorted().reversed())
            }
        }
        return problems
    }

    /// Scans everything and returns the media found, in scan order.
    public func scanAll() -> (files: [DiscoveredFile], summary: Summary) {
        var files: [DiscoveredFile] = []
        let summary = scan { files.append(contentsOf: $0) }
        return (files, summary)
    }

    private func discover(_ path: RawPath, name: [UInt8], root: RawPath, info: FileInfo,
                          unreadable: inout [ScanProblem]) -> DiscoveredFile? {
        if let known = cache?.lookup(path, size: info.size, modified: info.modified) {
            // A known non-media file (stored with an empty type) is not opened again.
            guard let kind = MediaKind(mimeType: known.mimeType) else { return nil }
            return DiscoveredFile(path: path, root: root, mimeType: known.mimeType, kind: kind, sizeBytes: info.size,
                                  modified: info.modified, device: info.key.device, inode: info.key.inode,
                                  metadata: known.metadata)
        }
        return examine(path, name: name, root: root, info: info, unreadable: &unreadable)
    }

    /// Sniffs and reads a file the cache does not know; remembers the answer either way.
    /// A file whose name says media but which cannot be read (mode 000) is added to
    /// `unreadable`, as an unreadable folder is a problem; one that vanished is not.
    func examine(_ path: RawPath, name: [UInt8], root: RawPath, info: FileInfo,
                 unreadable: inout [ScanProblem]) -> DiscoveredFile? {
        guard info.size > 0 else { return nil }
        // One open and one read serve the sniffer and the metadata reader (a JPEG's header segments).
        let mime: String, kind: MediaKind, metadata: AssetMetadata
        switch probe.probe(path, name: name, modified: info.modified) {
        case .unreadable(let code):
            if ![0, ENOENT, ENOTDIR].contains(code), MediaTypeByName.guess(name) != nil {
                unreadable.append(ScanProblem(path: path, error: SystemError(call: "open", code: code), isFile: true))
            }
            return nil
        case .notMedia:
            cache?.storeNotMedia([ScannedStamp(path: path, size: info.size, modified: info.modified)])
            return nil
        case .media(let type, let mediaKind, let found):
            (mime, kind, metadata) = (type, mediaKind, found)
        }
        let file = DiscoveredFile(path: path, root: root, mimeType: mime, kind: kind,
                                  sizeBytes: info.size, modified: info.modified,
                                  device: info.key.device, inode: info.key.inode, metadata: metadata)
        cache?.store([file])
        return file
    }

    // MARK: - System calls

    struct FileInfo {
        let key: FileIdentity
        let mode: UInt32
        let size: Int64
        let modified: Double
        var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
        var isRegular: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }

        /// A regular file's, as stored elsewhere (`Candidate`).
        init(regularFile key: FileIdentity, size: Int64, modified: Double) {
            self.key = key
            mode = UInt32(S_IFREG)
            self.size = size
            self.modified = modified
        }

        init(_ st: Glibc.stat) {
            key = FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
            mode = st.st_mode
            size = Int64(st.st_size)
            modified = FileSystemCalls.modified(st)
        }
    }

    static func fileInfo(_ path: RawPath) -> FileInfo? {
        FileSystemCalls.stat(path).map(FileInfo.init)
    }

    static func listFolder(_ path: RawPath) -> [[UInt8]]? {
        guard let dir = try? Syscall.retrying("opendir", { path.withCString { opendir($0) } }) else { return nil }
        defer { closedir(dir) }
        return names(in: dir)
    }

    /// The entries of an open folder, without `.` and `..`.
    static func names(in dir: OpaquePointer) -> [[UInt8]] {
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = FileSystemCalls.name(of: entry)
            if !FileSystemCalls.isSelfOrParent(name) { names.append(name) }
        }
        return names
    }

    /// The folder or file at `path` could not be read; `errno` says why.
    static func problem(_ path: RawPath) -> ScanProblem {
        ScanProblem(path: path, error: SystemError(call: "stat", code: errno))
    }
}
