#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Reading a whole file, or a descriptor, with a ceiling.
public enum FileContents {
    /// Every byte of `path` (stdin for nil); nil when there are more than `limit`, found
    /// without reading past the limit (a pipe may be endless).
    public static func read(_ path: RawPath?, limit: Int) throws(SystemError) -> [UInt8]? {
        guard let path else { return try read(fd: 0, limit: limit) }
        let fd = try Syscall.retrying("open") { path.withCString { open($0, O_RDONLY | O_CLOEXEC) } }
        defer { close(fd) }
        return try read(fd: fd, limit: limit)
    }

    /// Every byte readable from `fd` until its end; nil when there are more than `limit`.
    public static func read(fd: Int32, limit: Int) throws(SystemError) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = try Syscall.retrying("read") { buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if n == 0 { return out }
            out += buffer[..<n]
            if out.count > limit { return nil }
        }
    }

    /// Writes all of `bytes` to `fd`, however many calls it takes.
    public static func write(_ bytes: [UInt8], to fd: Int32) throws(SystemError) {
        // withUnsafeBytes rethrows untyped: the typed error crosses it as a Result.
        try bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try write(raw, to: fd) } }.get()
    }

    /// Writes all of `bytes` to `fd`, however many calls it takes.
    public static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let n = try Syscall.retrying("write") { Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
            guard n > 0 else { throw SystemError(call: "write", code: EIO) }
            offset += n
        }
    }
}
