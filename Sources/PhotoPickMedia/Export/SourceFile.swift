import Glibc
import PhotoPickCore
import PhotoPickSystem

/// The descriptors an export worker reads and writes through, with reasons a person reads.
public enum SourceFile {
    /// The original, read-only, refused unless it is a regular file (a FIFO must not block).
    public static func openForReading(_ path: RawPath) throws(MediaError) -> Int32 {
        let fd: Int32
        do {
            fd = try Syscall.retrying("open") { path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) } }
        } catch {
            throw .unreadable(path: path, reason: error.code == ENOENT ? .missing : .error(error.reason))
        }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .unreadable(path: path, reason: .notRegularFile)
        }
        // Back to blocking reads: the decoders do not expect EAGAIN.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// A name for an open descriptor that any library can open: plain ASCII, whatever the
    /// file's own name holds, and it is the very file that was checked.
    public static func procPath(_ fd: Int32) -> String { "/proc/self/fd/\(fd)" }

    /// The temporary file the parent made for this export (it never names an original). A
    /// named one is opened without following a link (one planted in its place); the parent's
    /// unnamed file is reached through /proc, a link only the kernel makes.
    public static func openForWriting(_ path: RawPath) throws(MediaError) -> Int32 {
        let follow = path.bytes.starts(with: Array("/proc/".utf8))
        do {
            return try Syscall.retrying("open") { path.withCString { open($0, O_WRONLY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW)) } }
        } catch {
            throw .unwritable(path: nil, reason: error.reason)
        }
    }

    public static func size(_ path: RawPath) -> Int64 {
        var st = stat()
        return path.withCString { stat($0, &st) } == 0 ? Int64(st.st_size) : 0
    }
}
