import Glibc

/// Background work of the library's own (the watcher's full re-check) at the level the
/// window gives its scan and thumbnail workers (`WorkerPriority` in Media, one layer up):
/// this process's nice value plus 10, at most 19. On Linux a nice value belongs to the
/// thread; `who` 0 is the calling one.
public enum BackgroundPriority {
    public static let niceIncrement: Int32 = 10

    /// The calling thread to `process`'s nice value (its main thread's) plus `niceIncrement`,
    /// at most 19; by default this process's. Never raises the thread: one lower already
    /// stays where it is.
    public static func lowerCurrentThread(below process: pid_t = getpid()) {
        errno = 0
        let reference = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(process))
        let base = errno == 0 ? reference : 0  // -1 is a valid nice value: errno tells an error apart
        let target = min(19, base + niceIncrement)
        errno = 0
        let own = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        if errno == 0, own >= target { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, target)
    }
}
