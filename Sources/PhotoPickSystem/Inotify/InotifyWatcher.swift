import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Watches library folders with inotify and reports dirty folders, not single events.
///
/// Watches every root and every non-hidden folder below, following symbolic links once
/// like the scanner. New folders are watched as they appear and then reported dirty, so
/// files created in them before the watch existed are found; removed folders drop their
/// watches; a kernel queue overflow is reported as `everything`. When the per-user watch
/// limit (fs.inotify.max_user_watches) is reached, the folders already watched stay live
/// and one problem is reported. A missing root is looked for again every two seconds.
///
/// Events are read on a thread of its own, which calls `report` (keep it short).
public final class InotifyWatcher: Sendable {
    public let roots: [RawPath]
    private let watchLimit: Int?
    private let report: @Sendable (DirtyFolders) -> Void
    private let running = Mutex<Running?>(nil)

    private struct Running: Sendable {
        let shared: WatcherShared
        let wakeFD: Int32
    }

    public convenience init(roots: [RawPath], report: @escaping @Sendable (DirtyFolders) -> Void) {
        self.init(roots: roots, watchLimit: nil, report: report)
    }

    /// `watchLimit` lets tests reach the watch limit without changing the system's.
    init(roots: [RawPath], watchLimit: Int?, report: @escaping @Sendable (DirtyFolders) -> Void) {
        self.roots = roots
        self.watchLimit = watchLimit
        self.report = report
    }

    deinit { stop() }

    /// Starts watching on a new thread and returns at once; false (with a problem
    /// reported) when inotify is unavailable, e.g. fs.inotify.max_user_instances is reached.
    @discardableResult
    public func start() -> Bool {
        let failure = running.withLock { running -> Int32? in
            guard running == nil else { return nil }
            let inotifyFD = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            var pipeFDs: [Int32] = [-1, -1]
            guard inotifyFD >= 0, pipe(&pipeFDs) == 0 else {
                let code = errno
                if inotifyFD >= 0 { close(inotifyFD) }
                return code
            }
            for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            let shared = WatcherShared()
            let loop = InotifyLoop(roots: roots, inotifyFD: inotifyFD, wakeFD: pipeFDs[0], watchLimit: watchLimit,
                                   shared: shared, report: report)
            BlockingThread.start("pp-inotify", .poll) { loop.run() }
            running = Running(shared: shared, wakeFD: pipeFDs[1])
            return nil
        }
        guard let failure else { return true }
        report(DirtyFolders(problems: [Self.unavailable(roots.first ?? RawPath("/"), failure)]))  // outside the lock
        return false
    }

    /// Waits until the initial watches are in place (or the thread ended); false on timeout.
    public func waitUntilWatching(timeout: Double = 10) -> Bool {
        guard let shared = running.withLock({ $0?.shared }) else { return false }
        return shared.ready.wait(until: { $0 }, deadline: Date().addingTimeInterval(timeout))
    }

    /// Stops watching. When called from elsewhere than `report`, returns only after the
    /// thread has ended and closed its descriptors: no report comes after that.
    public func stop() {
        guard let run = running.withLock({ running -> Running? in defer { running = nil }; return running }) else { return }
        run.shared.isStopping = true
        var byte: UInt8 = 1
        _ = write(run.wakeFD, &byte, 1)  // wakes `poll` at once
        if !run.shared.isCurrentThread { run.shared.finished.wait(until: { $0 }) }
        close(run.wakeFD)
    }

    /// The folders watched now, and the paths that reach one of them another way.
    public var folders: WatchedFolders {
        running.withLock { $0?.shared.folders } ?? WatchedFolders()
    }

    /// The folders with a watch now.
    public var watchedFolders: Set<RawPath> { folders.watched }

    private static func unavailable(_ path: RawPath, _ code: Int32) -> ScanProblem {
        let base = WatchFS.problem(path, code).reason
        return ScanProblem(path: path, code: code,
                           reason: "Cannot watch for changes (\(base); see fs.inotify.max_user_instances)")
    }
}

/// What the watcher object and its thread share.
final class WatcherShared: Sendable {
    private struct State {
        var stopping = false
        var folders = WatchedFolders()
        var thread: pthread_t?
    }
    private let state = Mutex(State())
    /// Set once the initial watches are in place. Waited on, not awaited: `stop()` and
    /// `waitUntilWatching` are synchronous by contract (the window stops on the main thread,
    /// and must know the thread has closed its descriptors), and they wait on a real thread.
    let ready = BlockingState(false)
    /// Set when the thread ends.
    let finished = BlockingState(false)

    var isStopping: Bool {
        get { state.withLock { $0.stopping } }
        set { state.withLock { $0.stopping = newValue } }
    }

    var folders: WatchedFolders {
        get { state.withLock { $0.folders } }
        set { state.withLock { $0.folders = newValue } }
    }

    var isCurrentThread: Bool {
        state.withLock { s in s.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Called first thing on the thread.
    func enter() { state.withLock { $0.thread = pthread_self() } }

    /// Called last thing on the thread.
    func leave() { finished.withLock { $0 = true } }
}

/// What a watcher covers: folders with a watch, and paths (symbolic links) that reach a
/// watched folder another way and so need no watch, nor a scan, of their own.
public struct WatchedFolders: Sendable, Hashable {
    public var watched: Set<RawPath> = []
    public var aliases: Set<RawPath> = []

    public init(watched: Set<RawPath> = [], aliases: Set<RawPath> = []) {
        self.watched = watched
        self.aliases = aliases
    }

    /// Every path whose changes the watcher reports without being asked.
    public var covered: Set<RawPath> { watched.union(aliases) }
}
