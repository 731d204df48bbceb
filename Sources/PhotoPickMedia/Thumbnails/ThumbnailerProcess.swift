internal import CMedia
import Glibc
import PhotoPickCore
import PhotoPickSystem

/// Runs an installed thumbnailer with `posix_spawn`: its arguments are exact bytes (a file
/// name that is not UTF-8 is passed as it is; Foundation's `Process` takes only strings),
/// and no shell ever sees them. As `Process` would: no input, output or terminal
/// (/dev/null), none of this process's other descriptors, a process group of its own.
/// At the time limit that whole group is killed, helpers the thumbnailer started included.
enum ThumbnailerProcess {
    enum Outcome: Equatable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut
    }

    /// Fails with the call that did (`posix_spawn`, `waitpid`) and its errno.
    static func run(_ program: String, argv: [[UInt8]], timeout: Double) throws(SystemError) -> Outcome {
        let pid = try spawn(program, argv: argv)
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

    private static func spawn(_ program: String, argv: [[UInt8]]) throws(SystemError) -> pid_t {
        // NUL-terminated copies of each argument (no argument can hold a NUL byte).
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { bytes in
            let c = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { c[i] = CChar(bitPattern: b) }
            c[bytes.count] = 0
            return c
        } + [nil]
        defer { for c in cArgs { c?.deallocate() } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        pp_spawn_close_from(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own group, every signal unblocked, and SIGPIPE back to its default (a worker
        // ignores it, and ignored signals stay ignored across exec).
        var none = sigset_t(), pipe = sigset_t()
        sigemptyset(&none)
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &pipe)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let failure = posix_spawn(&pid, program, &actions, &attributes, cArgs, environ)
        // posix_spawn returns its errno rather than setting it.
        guard failure == 0 else { throw SystemError(call: "posix_spawn", code: failure) }
        return pid
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
