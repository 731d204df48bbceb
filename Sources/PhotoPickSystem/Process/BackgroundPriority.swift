import Glibc

/// The level of everything that must not delay the window: its scan thread, the watcher's full
/// re-check, and the thumbnail, preview and export workers. This process's nice value plus 10,
/// at most 19.
///
/// Nice rather than SCHED_IDLE: a worker at nice +10 still gets about a tenth of a core the
/// window wants, so thumbnails keep coming while the window is busy; SCHED_IDLE could starve
/// them for as long as anything else runs. On Linux a nice value belongs to the thread; `who`
/// 0 is the calling one.
public enum BackgroundPriority {
    public static let niceIncrement: Int32 = 10

    /// A started worker, by its parent right after the start (any executable, no help from the
    /// worker needed): `pid`'s nice value to this process's (its main thread's; a scan thread
    /// may have lowered its own) plus `niceIncrement`. On Linux this reaches only the worker's
    /// main thread; what the worker starts afterwards (an external video thumbnailer) inherits it.
    public static func lower(process pid: pid_t) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), level(below: getpid()))
    }

    /// The calling thread (and the threads it starts afterwards, which inherit it) to
    /// `process`'s nice value plus `niceIncrement`; by default this process's. A worker's first
    /// step, before it starts any thread, with its parent as `process`: a thread it started
    /// before the parent's `lower(process:)` reached it (its cache writer) would otherwise stay
    /// at the parent's level. Never raises the thread: one lower already stays where it is.
    public static func lowerCurrentThread(below process: pid_t = getpid()) {
        let target = level(below: process)
        errno = 0
        let own = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        if errno == 0, own >= target { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, target)
    }

    /// `process`'s nice value (its main thread's) plus `niceIncrement`, at most 19.
    private static func level(below process: pid_t) -> Int32 {
        errno = 0
        let reference = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(process))
        let base = errno == 0 ? reference : 0  // -1 is a valid nice value: errno tells an error apart
        return min(19, base + niceIncrement)
    }
}
