import CGtk
import Glibc

/// The two clocks the stall probe compares: wall time on the main loop's monotonic clock, and
/// the CPU time the calling thread itself used. A long gap with little CPU means the thread
/// was waiting (another process had the core, or it blocked); with much, it was working.
enum ThreadClock {
    /// GLib's monotonic clock, in microseconds.
    static func monotonicMicroseconds() -> Int { Int(g_get_monotonic_time()) }

    /// CPU time used by the calling thread, in microseconds; 0 if the clock is unavailable.
    static func cpuMicroseconds() -> Int {
        var now = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 else { return 0 }
        return now.tv_sec * 1_000_000 + now.tv_nsec / 1000
    }
}
