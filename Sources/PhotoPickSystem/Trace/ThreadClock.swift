import Glibc

/// The two clocks the stall probe compares: wall time on the monotonic clock (GLib's main
/// loop keeps time on the same one), and the CPU time the calling thread itself used. A long
/// gap with little CPU means the thread was waiting (another process had the core, or it
/// blocked); with much, it was working.
public enum ThreadClock {
    /// CLOCK_MONOTONIC, in microseconds (what `g_get_monotonic_time` reads).
    public static func monotonicMicroseconds() -> Int { microseconds(CLOCK_MONOTONIC) }

    /// CPU time used by the calling thread, in microseconds; 0 if the clock is unavailable.
    public static func cpuMicroseconds() -> Int { microseconds(CLOCK_THREAD_CPUTIME_ID) }

    private static func microseconds(_ clock: clockid_t) -> Int {
        var now = timespec()
        guard clock_gettime(clock, &now) == 0 else { return 0 }
        return now.tv_sec * 1_000_000 + now.tv_nsec / 1000
    }
}
