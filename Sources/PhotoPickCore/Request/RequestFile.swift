import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a request file (or stdin for `-`), refusing more than `RequestParser.maximumBytes`
/// without reading it all: a request may come through a pipe of unknown length.
public enum RequestFile {
    public static func read(_ path: RawPath?) throws -> [UInt8] {
        let fd: Int32 = path.map { p in p.withCString { open($0, O_RDONLY | O_CLOEXEC) } } ?? 0
        guard fd >= 0 else {
            throw ChooserRequest.Invalid("cannot read the request \(path!): \(String(cString: strerror(errno)))")
        }
        defer { if path != nil { close(fd) } }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while out.count <= RequestParser.maximumBytes {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                throw ChooserRequest.Invalid("cannot read the request: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return out }
            out += buffer[..<n]
        }
        throw ChooserRequest.Invalid("request is larger than \(RequestParser.maximumBytes) bytes")
    }
}
