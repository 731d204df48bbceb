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

    /// The worker executable `name` for the program `executable` (its links resolved): beside it
    /// (a build folder), or in `../libexec/photopick/` from its `bin/` (an install, where the
    /// workers are photopick's own and not commands on PATH), if it is there.
    static func sibling(_ name: String, of executable: String) -> String? {
        let dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [dir.appendingPathComponent(name),
                          dir.deletingLastPathComponent().appendingPathComponent("libexec/photopick").appendingPathComponent(name)]
        return candidates.map(\.path).first(where: ProgramSearch.isProgram)
    }

    init(executable: String, arguments: [String]) throws {
        // Close-on-exec from the start, so a worker another thread starts meanwhile never
        // holds this one's pipe ends (and this worker never sees its input end).
        let input = try Self.pipe(), output = try Self.pipe()
        let pid: pid_t
        do {
            pid = try ChildSpawn.start(executable, argv: ([executable] + arguments).map { Array($0.utf8) },
                                       stdin: input.read, stdout: output.write)
        } catch {
            for fd in [input.read, input.write, output.read, output.write] { close(fd) }
            throw error
        }
        BackgroundPriority.lower(process: pid)  // the window stays responsive while both cores work
        close(input.read)
        close(output.write)
        Self.growReplyPipe(output.read)
        process = WorkerChild(pid: pid)
        toWorker = FileHandle(fileDescriptor: input.write, closeOnDealloc: true)
        fromWorker = FileHandle(fileDescriptor: output.read, closeOnDealloc: true)
    }

    /// How many bytes a worker's reply pipe holds: a whole 256-px thumbnail reply (256 KiB at
    /// most, square and RGBA), so a worker writes its reply in one go and goes on to its next
    /// request instead of waiting, a 64 KiB slice at a time, for this process to read.
    static let replyPipeBytes: Int32 = 1 << 20

    /// Grows the pipe `fd` belongs to; where the user's pipe quota refuses, it keeps the
    /// kernel's 64 KiB and replies are only slower.
    private static func growReplyPipe(_ fd: Int32) {
        _ = pp_pipe_set_size(fd, replyPipeBytes)
    }

    /// The size of the pipe `fd` belongs to, in bytes; nil for anything else.
    static func pipeSize(_ fd: Int32) -> Int? {
        let size = pp_pipe_size(fd)
        return size > 0 ? Int(size) : nil
    }

    private static func pipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        _ = try Syscall.retrying("pipe2") { pp_pipe_cloexec(&fds) }
        return (fds[0], fds[1])
    }
}
