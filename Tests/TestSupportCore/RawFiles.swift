import Foundation
import PhotoPickCore
#if canImport(Glibc)
import Glibc
#endif

/// Creates files whose names are arbitrary bytes, which `String` paths cannot express.
public enum RawFiles {
    /// Writes `contents` to `path`, creating or truncating the file.
    public static func write(_ contents: [UInt8], to path: RawPath) throws {
        let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw FactoryError("open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var offset = 0
        while offset < contents.count {
            let n = contents.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, contents.count - offset) }
            guard n > 0 else { throw FactoryError("write \(path): \(String(cString: strerror(errno)))") }
            offset += n
        }
    }

    /// The bytes of a file at an ordinary path.
    public static func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Creates a FIFO (named pipe).
    public static func makeFIFO(_ path: String) throws {
        guard mkfifo(path, 0o644) == 0 else { throw FactoryError("mkfifo \(path): \(String(cString: strerror(errno)))") }
    }

    /// Creates a hard link `path` to `target`.
    public static func hardLink(_ path: String, to target: String) throws {
        guard link(target, path) == 0 else { throw FactoryError("link \(path): \(String(cString: strerror(errno)))") }
    }
}
