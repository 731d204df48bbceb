#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// The watcher's thread: waits on the inotify descriptor, turns events into dirty folders
/// and keeps the watch tree in step. Everything here runs on that one thread.
///
/// Why a thread and not a task: `poll` blocks, and a blocked call must not sit on one of
/// the cooperative pool's few threads (two on a 2-core machine: the scan would stall).
/// The thread only blocks and parses; its batches go to `report`, which in the monitor is
/// the debouncer's `add` (a lock and a timer task, never a wait), and from there into
/// async code. It does not yield into an AsyncStream itself: `stop()` promises no report
/// after it returns, which a buffered stream could not keep.
// Safe: made by `InotifyWatcher.start`, then used only on the watcher's thread (`run` and
// what it calls); what other threads see goes through `shared`, a `Mutex` and `BlockingState`s.
final class InotifyLoop: @unchecked Sendable {
    private let roots: [RawPath]
    private let tree: WatchTree
    private let wakeFD: Int32
    private let shared: WatcherShared
    private let report: @Sendable (DirtyFolders) -> Void
    private var pending = DirtyFolders()
    private var missingRoots: Set<RawPath> = []
    private var publishedVersion = -1
    private var lastRootRetry = ContinuousClock.now
    /// How long `poll` sleeps without events; also how often missing roots are looked for.
    private let tick: Int32 = 1000

    init(roots: [RawPath], inotifyFD: Int32, wakeFD: Int32, watchLimit: Int?, shared: WatcherShared,
         report: @escaping @Sendable (DirtyFolders) -> Void) {
        self.roots = roots
        self.tree = WatchTree(fd: inotifyFD, limit: watchLimit, boundary: FolderBoundary(roots: roots))
        self.wakeFD = wakeFD
        self.shared = shared
        self.report = report
    }

    func run() {
        shared.enter()
        for root in roots { watch(root, markDirty: false) }
        missingRoots = Set(roots.filter { !tree.covers($0) })
        pending.problems += tree.takeProblems()
        publish()
        shared.ready.withLock { $0 = true }
        flush()

        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !shared.isStopping {
            var fds = [pollfd(fd: tree.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
            do {
                _ = try Syscall.retrying("poll") { poll(&fds, 2, tick) }
            } catch {
                report(DirtyFolders(problems: [ScanProblem(path: roots.first ?? RawPath("/"), error: error)]))
                break
            }
            if shared.isStopping || fds[1].revents != 0 { break }
            if fds[0].revents & Int16(POLLIN) != 0 { readEvents(into: &buffer) }
            retryMissingRoots()
            pending.problems += tree.takeProblems()
            publish()
            flush()
        }
        close(tree.fd)
        close(wakeFD)
        shared.leave()
    }

    // MARK: - Events

    private func readEvents(into buffer: inout [UInt8]) {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(tree.fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }  // EAGAIN: drained
            let events = buffer.withUnsafeBytes { InotifyEvent.parse($0, count: count) }
            for event in events { handle(event) }
        }
    }

    private func handle(_ event: InotifyEvent) {
        if event.has(IN_Q_OVERFLOW) {
            // Events were lost: re-walk for folders whose creation was missed, re-list all.
            pending.everything = true
            for root in roots { pending.folders.formUnion(tree.add(tree: root, rewalk: true)) }
            return
        }
        guard let folder = tree.path(for: event.watch) else { return }  // a watch already dropped
        if !event.name.isEmpty {
            guard !WatchFS.isHidden(event.name) else { return }
            let child = folder.appending(component: event.name)
            pending.folders.insert(folder)
            if event.has(IN_DELETE | IN_MOVED_FROM), tree.covers(child) { tree.remove(tree: child) }
            // Files too: a symbolic link to a folder arrives without IN_ISDIR. `watch`
            // ignores anything that is not a folder, and folders already watched.
            if event.has(IN_CREATE | IN_MOVED_TO) || (event.has(IN_ATTRIB) && event.has(IN_ISDIR)) {
                watch(child, markDirty: true)
            }
        } else if event.has(IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT | IN_IGNORED) {
            folderGone(folder)
        } else if event.has(IN_ATTRIB) {
            pending.folders.insert(folder)  // permissions may have changed what can be listed
        }
    }

    /// A watched folder was deleted, moved away or unmounted: its path no longer holds it,
    /// or holds another folder now (the mount point left behind), which is watched afresh.
    private func folderGone(_ folder: RawPath) {
        tree.remove(tree: folder)
        pending.folders.insert(folder)
        let isRoot = roots.contains(folder)
        if !isRoot { pending.folders.insert(folder.parent) }
        watch(folder, markDirty: true)
        if isRoot && !tree.covers(folder) { missingRoots.insert(folder) }  // looked for again every 2 s
    }

    /// Watches a folder tree; with `markDirty`, every newly watched folder is re-listed,
    /// which finds files created in it before its watch existed.
    private func watch(_ folder: RawPath, markDirty: Bool) {
        let added = tree.add(tree: folder)
        if markDirty { pending.folders.formUnion(added) }
    }

    private func retryMissingRoots() {
        guard !missingRoots.isEmpty, ContinuousClock.now >= lastRootRetry + .seconds(2) else { return }
        lastRootRetry = ContinuousClock.now
        for root in missingRoots {
            watch(root, markDirty: true)
            if tree.covers(root) { missingRoots.remove(root) }
        }
    }

    // MARK: - Output

    private func publish() {
        guard tree.version != publishedVersion else { return }
        publishedVersion = tree.version
        shared.folders = WatchedFolders(watched: tree.watched, aliases: tree.aliases)
    }

    private func flush() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending = DirtyFolders()
        report(batch)
    }
}
