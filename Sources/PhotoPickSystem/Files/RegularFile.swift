#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// A regular file opened for reading, never anything else: opened with O_NONBLOCK (a file
/// swapped for a FIFO since it was listed must not block the reader), then checked with
/// `fstat` on the open descriptor, so what is read is what was checked.
public final class RegularFile {
    private let fd: Int32
    /// The size when it was opened.
    public let size: UInt64

    public init?(_ path: RawPath) {
        guard let fd = try? Syscall.retrying("open", { path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) } })
        else { return nil }
        var st = Glibc.stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        self.fd = fd
        size = UInt64(max(0, st.st_size))
    }

    deinit { close(fd) }

    /// Up to `count` bytes from `offset` (fewer at the end of the file); nil on an error.
    public func read(at offset: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0, offset <= UInt64(Int64.max) else { return nil }
        // No more room than the file has (a 64 KiB head of a 30 KiB photo), and none zeroed:
        // the scan reads a head of every new file, and pread fills what it returns.
        let count = size > offset ? min(count, Int(clamping: size - offset)) : count
        guard count > 0 else { return [] }
        var failed = false
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { memory, initialized in
            var done = 0
            defer { initialized = done }
            while done < count {
                guard let n = try? Syscall.retrying("pread", {
                    pread(fd, memory.baseAddress! + done, count - done, off_t(offset) + off_t(done))
                }) else { failed = true; return }
                if n == 0 { break }  // the end of the file
                done += n
                // Reached the size fstat gave: skip the extra pread that would only return 0 (a
                // head of a small file is then one call). A file of size 0 (procfs) reads on.
                if size > 0, offset + UInt64(done) >= size { break }
            }
        }
        return failed ? nil : buffer
    }
}

extension QuickTimeHeader {
    /// Parses the file at `path` (nil when it is not a regular file or has no movie header).
    public static func read(_ path: RawPath) -> QuickTimeHeader? {
        guard let file = RegularFile(path), file.size > 0 else { return nil }
        return parse(fileSize: file.size) { file.read(at: $0, count: $1) }
    }
}
