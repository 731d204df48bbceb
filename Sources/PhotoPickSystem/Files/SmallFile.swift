#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// A small file read whole (a configuration file, a record), telling a missing file from
/// one that cannot be read, and reading nothing but a regular file (a FIFO put there would
/// block the reader).
public enum SmallFile {
    public enum Contents: Sendable, Equatable {
        case missing
        case bytes([UInt8])
        /// Why it cannot be read: "not a regular file", "larger than 1048576 bytes", or the error.
        case unreadable(String)
    }

    public static let limit = 1 << 20

    public static func read(_ path: RawPath, limit: Int = limit) -> Contents {
        let status: PathStatus?
        do {
            status = try PathStatus.of(path, followingLinks: true)
        } catch {
            return .unreadable(error.reason)
        }
        guard let status else { return .missing }
        guard status.kind == .regular else { return .unreadable("not a regular file") }
        errno = 0
        guard let file = RegularFile(path) else { return .unreadable(errno != 0 ? SystemError.text(errno) : "not a regular file") }
        guard let bytes = file.read(at: 0, count: limit + 1) else { return .unreadable(SystemError.text(errno)) }
        return bytes.count > limit ? .unreadable("larger than \(limit) bytes") : .bytes(bytes)
    }
}
