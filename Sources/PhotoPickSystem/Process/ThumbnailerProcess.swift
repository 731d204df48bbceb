import Glibc
import PhotoPickCore

/// Runs an installed thumbnailer (`ChildSpawn`): its arguments are exact bytes, and no shell
/// ever sees them. As `Process` would: no input, output or terminal (/dev/null), none of this
/// process's other descriptors, a process group of its own. At the time limit that whole
/// group is killed, helpers the thumbnailer started included.
public enum ThumbnailerProcess {
    public enum Outcome: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut
    }

    /// Fails with the call that did (`posix_spawn`, `waitpid`) and its errno.
    public static func run(_ program: String, argv: [[UInt8]], timeout: Double) throws(SystemError) -> Outcome {
        let pid = try ChildSpawn.start(program, argv: argv, ownGroup: true)
        let deadline = monotonicSeconds() + timeout
        var status: Int32 = 0
        var pause: useconds_t = 1_000
        // Polled, not waited for on another thread: a few milliseconds late at most, and
        // nothing is left behind when the limit is reached.
        while true {
            let reaped = try Syscall.retrying("waitpid") { waitpid(pid, &status, WNOHANG) }
            if reaped == pid { break }
            if monotonicSeconds() >= deadline {
                kill(-pid, SIGKILL)
                _ = try? Syscall.retrying("waitpid") { waitpid(pid, &status, 0) }
                return .timedOut
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    private static func monotonicSeconds() -> Double { Double(ThreadClock.monotonicMicroseconds()) / 1e6 }
}
