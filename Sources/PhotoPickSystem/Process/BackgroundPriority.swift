import Glibc

/// Background work of the library's own (the watcher's full re-check) at the level the
/// window gives its scan and thumbnail workers (`WorkerPriority` in Media, one layer up):
/// this process's nice value plus 10, at most 19. On Linux a nice value belongs to the
/// thread; `who` 0 is the calling one.
public enum BackgroundPriority {
    public static let niceIncrement: Int32 = 10

    public static func lowerCurrentThread() {
        errno = 0
        let own = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))
        let base = errno == 0 ? own : 0  // -1 is a valid nice value: errno tells an error apart
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, base + niceIncrement))
    }
}
