#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// The inotify watches and the folders they stand for. Used only on the watcher's thread.
///
/// Like the scanner, it follows symbolic links to folders but watches each folder once
/// (by device and inode): a second path to a watched folder is an alias, covered but not
/// watched, so link loops end and the kernel's one-watch-per-inode rule holds. Folders
/// outside the library's `FolderBoundary` are not watched, as they are not scanned.
final class WatchTree {
    static let mask = UInt32(bitPattern: IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE
                                       | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    let fd: Int32
    /// For tests: behave as if the kernel's per-user watch limit were this many watches.
    let limit: Int?
    let boundary: FolderBoundary
    private var pathByWatch: [Int32: RawPath] = [:]
    private var watchByPath: [RawPath: Int32] = [:]
    private var pathByIdentity: [FileIdentity: RawPath] = [:]
    private var identityByPath: [RawPath: FileIdentity] = [:]
    /// The folders with a watch.
    private(set) var watched: Set<RawPath> = []
    /// Paths not watched because they reach a watched folder another way (links).
    private(set) var aliases: Set<RawPath> = []
    /// Bumped on every change to `watched` or `aliases`, so the watcher republishes only then.
    private(set) var version = 0
    private var problems: [ScanProblem] = []
    private var limitReported = false

    init(fd: Int32, limit: Int?, boundary: FolderBoundary) {
        self.fd = fd
        self.limit = limit
        self.boundary = boundary
    }

    var count: Int { pathByWatch.count }
    func path(for watch: Int32) -> RawPath? { pathByWatch[watch] }
    /// Watched, or an alias of a watched folder: its changes are reported without asking.
    func covers(_ path: RawPath) -> Bool { watched.contains(path) || aliases.contains(path) }

    /// Watches `top` and every non-hidden folder below it not watched yet; returns the
    /// folders newly watched. Each is watched before it is listed, so nothing created in
    /// it is missed. `rewalk` also descends into folders already watched (after an overflow).
    func add(tree top: RawPath, rewalk: Bool = false) -> [RawPath] {
        var added: [RawPath] = []
        var pending = [top]
        while let path = pending.popLast() {
            if watchByPath[path] != nil {
                guard rewalk else { continue }
            } else {
                guard !aliases.contains(path), let info = try? WatchFS.info(path), info.isDirectory,
                      boundary.admits(info.identity)
                else { continue }
                if pathByIdentity[info.identity] != nil {
                    insertAlias(path)
                    continue
                }
                guard watch(path, identity: info.identity) else { continue }
                added.append(path)
            }
            guard let entries = try? WatchFS.list(path) else { continue }
            let subfolders = entries.filter { $0.mayBeFolder && !WatchFS.isHidden($0.name) }
                .map { path.appending(component: $0.name) }
            // Depth-first in name order, as the scanner walks, so a folder reachable by two
            // paths is watched under the path the scanner reports its files under.
            pending.append(contentsOf: subfolders.sorted().reversed())
        }
        return added
    }

    /// Stops watching `top` and everything below it (it was deleted or moved away).
    func remove(tree top: RawPath) {
        for (path, watch) in watchByPath where WatchFS.isAtOrBelow(path, top) {
            // The kernel then queues IN_IGNORED for it; that watch is no longer in the table.
            inotify_rm_watch(fd, watch)
            forget(watch: watch)
        }
        for alias in aliases where WatchFS.isAtOrBelow(alias, top) {
            aliases.remove(alias)
            version += 1
        }
    }

    /// The kernel dropped a watch (IN_IGNORED: folder deleted, file system unmounted).
    /// Watch numbers are allocated cyclically, so a dropped number is not soon reused.
    func forget(watch: Int32) {
        guard let path = pathByWatch.removeValue(forKey: watch) else { return }
        watchByPath[path] = nil
        if let identity = identityByPath.removeValue(forKey: path) { pathByIdentity[identity] = nil }
        watched.remove(path)
        version += 1
    }

    /// Problems met since the last call: reported once each.
    func takeProblems() -> [ScanProblem] {
        defer { problems = [] }
        return problems
    }

    private func watch(_ path: RawPath, identity: FileIdentity) -> Bool {
        if let limit, pathByWatch.count >= limit {
            reportLimit(at: path, code: ENOSPC)
            return false
        }
        let watch = path.withCString { inotify_add_watch(fd, $0, Self.mask) }
        guard watch >= 0 else {
            let code = errno
            // Other failures (gone, unreadable) are the scan's to report.
            if code == ENOSPC || code == ENOMEM { reportLimit(at: path, code: code) }
            return false
        }
        if pathByWatch[watch] != nil {  // the same folder, swapped in under this path meanwhile
            insertAlias(path)
            return false
        }
        pathByWatch[watch] = path
        watchByPath[path] = watch
        pathByIdentity[identity] = path
        identityByPath[path] = identity
        watched.insert(path)
        version += 1
        return true
    }

    private func insertAlias(_ path: RawPath) {
        aliases.insert(path)
        version += 1
    }

    /// Out of watches: keep the watches there are and say once why some folders are not live.
    private func reportLimit(at path: RawPath, code: Int32) {
        guard !limitReported else { return }
        limitReported = true
        let reason = "Too many folders to watch for changes (\(count) watched; the limit is "
            + "fs.inotify.max_user_watches): changes here and in later folders show after a rescan"
        problems.append(ScanProblem(path: path, code: code, reason: reason))
    }
}
