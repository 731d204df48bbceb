import Glibc
import PhotoPickSystem

/// Worker processes run at nice +10 relative to the process that starts them, so decoding on
/// every core never delays the window's input (a search keystroke) or its scan.
///
/// Nice rather than SCHED_IDLE: a worker at nice +10 still gets about a tenth of a core the
/// window wants, so thumbnails keep coming while the window is busy; SCHED_IDLE could starve
/// them for as long as anything else runs. Set by the parent right after the start (any
/// executable, no help from the worker needed); what a worker starts (an external video
/// thumbnailer) inherits it.
public enum WorkerPriority {
    public static let niceIncrement = BackgroundPriority.niceIncrement

    /// Sets `pid`'s nice value to this process's (its main thread's; a scan thread may have
    /// lowered its own) plus `niceIncrement`, at most 19.
    public static func lower(_ pid: pid_t) {
        errno = 0
        let own = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))
        let base = errno == 0 ? own : 0  // -1 is a valid nice value: errno tells an error apart
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), min(19, base + niceIncrement))
    }

    /// Lowers the calling thread (and the threads it starts afterwards, which inherit it) to
    /// the workers' level: background work in the window (the scan) then shares the cores
    /// fairly with the thumbnail workers, and none of it delays the main thread. On Linux a
    /// nice value belongs to the thread; `who` 0 is the calling one.
    public static func lowerCurrentThread() { BackgroundPriority.lowerCurrentThread() }

    /// A worker's first step, before it starts any thread: its own main thread to `parent`'s
    /// nice value plus `niceIncrement`, the level `lower(_:)` sets from the parent. On Linux
    /// `lower` reaches only the worker's main thread, so a thread the worker started before
    /// the parent got to it (its cache writer, which deflates) would stay at the parent's level.
    /// Never raises the priority: a thread already lower stays where it is.
    public static func lowerCurrentThread(below parent: pid_t) { BackgroundPriority.lowerCurrentThread(below: parent) }
}
