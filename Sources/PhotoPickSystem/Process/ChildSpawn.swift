import CGio
import Glibc
import PhotoPickCore

/// Starts a program with `posix_spawn`, the one way photopick starts a child (its workers,
/// and the installed thumbnailers a worker runs): arguments as exact bytes (a file name that
/// is not UTF-8 is passed as it is; Foundation's `Process` takes only strings) that no shell
/// ever sees; stdin and stdout the descriptors given, or /dev/null; stderr /dev/null; none of
/// this process's other descriptors (a window's sockets and files stay its own); every signal
/// unblocked (the thread that starts it may block SIGPIPE around a write) and SIGPIPE at its
/// default (ignored signals would stay ignored across exec).
public enum ChildSpawn {
    /// The child's pid. With `ownGroup` it leads a process group of its own, so the whole
    /// group (helpers it started included) can be killed at once.
    public static func start(_ program: String, argv: [[UInt8]], stdin: Int32? = nil, stdout: Int32? = nil,
                      ownGroup: Bool = false) throws(SystemError) -> pid_t {
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
        // dup2 clears close-on-exec on the copies; every other descriptor is closed.
        if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, 0) } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout, 1) } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        pp_spawn_close_from(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), pipe = sigset_t()
        sigemptyset(&none)
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &pipe)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var pid: pid_t = 0
        // posix_spawn returns its errno rather than setting it.
        let failure = posix_spawn(&pid, program, &actions, &attributes, cArgs, environ)
        guard failure == 0 else { throw SystemError(call: "posix_spawn", code: failure) }
        return pid
    }
}
