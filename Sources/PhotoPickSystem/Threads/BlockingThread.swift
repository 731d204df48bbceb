import CGio
import Foundation

/// The one way photopick starts a thread of its own, for work that must block.
///
/// Everything else is Swift concurrency. Its cooperative pool has one thread per core (two on
/// a 2-core machine) and expects no task to block: a task that waits on a pipe, in `poll` or
/// on the disk holds one of them, and the scan, the search and the cache reads stall behind
/// it. Such work runs here instead, each start naming the thread (what `ps -L`, `top -H` and
/// a debugger show; cut to the kernel's 15 bytes) and why it must block (`Reason`).
///
/// A thread started here inherits the starting thread's nice value (Linux keeps one per
/// thread): a scan that lowered its own priority lowers its helpers' too.
public final class BlockingThread: Sendable {
    /// Why a thread must block rather than be a task; every start names one.
    public enum Reason: Sendable {
        /// Waits for a child process, or blocks reading its pipe: the thumbnail and export
        /// workers' replies, their reaping.
        case childProcess
        /// Blocks in `poll` on a descriptor: the inotify watcher.
        case poll
        /// Blocking file I/O: a walk's getdents and stat, SQLite, a cache's writes.
        case disk
        /// Waits (on a `BlockingState`) for work other threads hand it, then blocks on it.
        case waitsForWork
        /// Sleeps between checks that must run even while every task is busy: a watchdog.
        case watchdog
    }

    /// The name the thread was started with, and why it blocks.
    public let name: String
    public let reason: Reason
    private let ended = BlockingState(false)

    private init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }

    /// Starts `body` on a new thread named `name` and returns at once. The result may be
    /// dropped (the thread then runs on by itself) or kept to `join` it.
    @discardableResult
    public static func start(_ name: String, _ reason: Reason, _ body: @escaping @Sendable () -> Void) -> BlockingThread {
        let handle = BlockingThread(name: name, reason: reason)
        let thread = Thread {
            // Named in the kernel by the thread itself, 15 bytes at most. Not through
            // `Thread.current.name`: Foundation passes that on only once `start()` has stored
            // the new thread's handle, which the thread may outrun (it then keeps the
            // process's name, as a loaded `make test-unit` showed).
            pp_name_current_thread(kernelName(name))
            body()
            handle.ended.withLock { $0 = true }
        }
        thread.start()
        return handle
    }

    /// Returns once the thread's `body` has returned.
    public func join() {
        ended.wait(until: { $0 })
    }

    /// The value of `task`, waited for on this thread: for synchronous code that may block (a
    /// command's main thread, the bench) and needs what async code makes. Never from a task.
    public static func wait<T: Sendable>(for task: Task<T, Never>) -> T {
        let result = BlockingState<T?>(nil)
        Task.detached {
            let value = await task.value
            result.withLock { $0 = value }
        }
        return result.wait { $0 }
    }

    /// `name` cut to the 15 bytes a Linux thread name holds, at a character boundary.
    static func kernelName(_ name: String) -> String {
        var cut = ""
        for character in name {
            guard cut.utf8.count + String(character).utf8.count <= 15 else { break }
            cut.append(character)
        }
        return cut
    }
}
