import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file so that readers see either the old file or the complete new one, never
/// a partial write: a temporary file in the same folder (so `rename` cannot cross file
/// systems), written in full, `fsync`ed, renamed over the target, then the folder synced.
public enum AtomicFile {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `bytes` to `path` with permissions `mode` (0600 by default: a response may
    /// name private files). `beforeRename` runs between the sync and the rename (a test hook).
    public static func write(_ bytes: [UInt8], to path: RawPath, mode: mode_t = 0o600,
                             beforeRename: () -> Void = {}) throws {
        let folder = path.parent
        // A short fixed name, so a target name near NAME_MAX still leaves room.
        var template = folder.appending(component: Array(".photopick-tmp-XXXXXX".utf8)).bytes.map { CChar(bitPattern: $0) }
        template.append(0)
        let fd = mkstemp(&template)  // creates the file 0600, exclusively
        guard fd >= 0 else { throw failure("cannot create a temporary file in \(folder)") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temp = RawPath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
        var renamed = false
        defer { if !renamed { _ = temp.withCString { unlink($0) } } }
        do {
            defer { close(fd) }
            guard fchmod(fd, mode) == 0 else { throw failure("cannot set the mode of \(temp)") }
            try writeAll(fd, bytes, name: temp)
            guard fsync(fd) == 0 else { throw failure("cannot sync \(temp)") }
        }
        beforeRename()
        let moved = temp.withCString { from in path.withCString { rename(from, $0) } }
        guard moved == 0 else { throw failure("cannot replace \(path)") }
        renamed = true
        syncFolder(folder)
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], name: RawPath) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw failure("cannot write \(name)") }
            offset += n
        }
    }

    /// Makes the rename itself durable; best effort (some file systems refuse).
    private static func syncFolder(_ folder: RawPath) {
        let fd = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
