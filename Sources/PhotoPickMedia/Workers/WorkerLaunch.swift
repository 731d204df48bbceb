internal import CMedia
import Foundation
import Glibc
import PhotoPickCore
import PhotoPickSystem

/// Starts a worker process (`photopick-thumbnailer` or `photopick-exporter`) the one way both
/// pools do: requests on its stdin, replies on its stdout, its stderr discarded, none of this
/// process's other descriptors (a window's sockets and files stay its own), and lowered to
/// the workers' priority before it is sent any work.
struct WorkerLaunch {
    let process: WorkerChild
    /// Requests go here.
    let toWorker: FileHandle
    /// Replies come from here.
    let fromWorker: FileHandle

    /// The worker executable `name` installed beside `executable` (the running program, its
    /// links resolved), if it is there.
    static func sibling(_ name: String, of executable: String) -> String? {
        let dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let path = dir.appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    init(executable: String, arguments: [String]) throws {
        // Close-on-exec from the start, so a worker another thread starts meanwhile never
        // holds this one's pipe ends (and this worker never sees its input end).
        let input = try Self.pipe(), output = try Self.pipe()
        let pid: pid_t
        do {
            pid = try Self.spawn(executable, arguments: arguments, stdin: input.read, stdout: output.write)
        } catch {
            for fd in [input.read, input.write, output.read, output.write] { close(fd) }
            throw error
        }
        close(input.read)
        close(output.write)
        process = WorkerChild(pid: pid)
        WorkerPriority.lower(pid)  // the window stays responsive while both cores work
        toWorker = FileHandle(fileDescriptor: input.write, closeOnDealloc: true)
        fromWorker = FileHandle(fileDescriptor: output.read, closeOnDealloc: true)
    }

    private static func pipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        _ = try Syscall.retrying("pipe2") { pp_pipe_cloexec(&fds) }
        return (fds[0], fds[1])
    }

    private static func spawn(_ executable: String, arguments: [String], stdin: Int32, stdout: Int32) throws(SystemError) -> pid_t {
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies; every other descriptor is closed.
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        pp_spawn_close_from(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // No signal blocked (the thread that starts it may block SIGPIPE around a write).
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        var pid: pid_t = 0
        // posix_spawn returns its errno rather than setting it.
        let failure = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard failure == 0 else { throw SystemError(call: "posix_spawn", code: failure) }
        return pid
    }
}
