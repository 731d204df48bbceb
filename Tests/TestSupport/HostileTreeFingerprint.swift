import CMedia
import Foundation
import PhotoPickCore
#if canImport(Glibc)
import Glibc
#endif

/// Everything observable about a folder tree except access times: each entry's type, mode,
/// size, inode, link count, modification and change times, link target, and a SHA-256 of
/// every regular file's bytes. Equal fingerprints before and after a session mean nothing
/// in the tree was written, moved, renamed, deleted, created, re-permissioned or touched.
/// Symbolic links are recorded, not followed; FIFOs and sockets are never opened.
public struct TreeFingerprint: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public let mode: UInt32
        public let size: Int64
        public let inode: UInt64
        public let links: UInt64
        public let modified: FileTime
        public let changed: FileTime
        public let linkTarget: [UInt8]?
        public let sha256: String?
    }

    /// A `timespec` that compares.
    public struct FileTime: Equatable, Sendable, CustomStringConvertible {
        public let seconds: Int
        public let nanoseconds: Int
        public var description: String { "\(seconds).\(String(format: "%09d", nanoseconds))" }
    }

    public let entries: [RawPath: Entry]

    public static func take(_ root: RawPath) throws -> TreeFingerprint {
        var entries: [RawPath: Entry] = [:]
        var pending = [root]
        while let path = pending.popLast() {
            var st = stat()
            guard path.withCString({ lstat($0, &st) }) == 0 else {
                throw FactoryError("lstat \(path): \(String(cString: strerror(errno)))")
            }
            let type = st.st_mode & S_IFMT
            var target: [UInt8]?
            var digest: String?
            if type == S_IFLNK {
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let n = path.withCString { readlink($0, &buffer, buffer.count - 1) }
                target = n >= 0 ? buffer[..<n].map { UInt8(bitPattern: $0) } : nil
            } else if type == S_IFREG {
                digest = try sha256(of: path)
            } else if type == S_IFDIR {
                for name in try list(path) { pending.append(path.appending(component: name)) }
            }
            entries[path] = Entry(mode: st.st_mode, size: Int64(st.st_size), inode: UInt64(st.st_ino),
                                  links: UInt64(st.st_nlink),
                                  modified: FileTime(seconds: st.st_mtim.tv_sec, nanoseconds: st.st_mtim.tv_nsec),
                                  changed: FileTime(seconds: st.st_ctim.tv_sec, nanoseconds: st.st_ctim.tv_nsec),
                                  linkTarget: target, sha256: digest)
        }
        return TreeFingerprint(entries: entries)
    }

    /// Human-readable differences from `other` (empty when equal), at most `limit`.
    public func differences(from other: TreeFingerprint, limit: Int = 20) -> [String] {
        var out: [String] = []
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            guard let theirs = other.entries[path] else { out.append("gone: \(path)"); continue }
            if theirs != entry { out.append("changed: \(path): \(entry) → \(theirs)") }
        }
        for path in other.entries.keys.sorted() where entries[path] == nil { out.append("new: \(path)") }
        return Array(out.prefix(limit))
    }

    public var regularFileCount: Int { entries.values.filter { $0.sha256 != nil }.count }

    static func list(_ folder: RawPath) throws -> [[UInt8]] {
        guard let dir = folder.withCString({ opendir($0) }) else {
            throw FactoryError("opendir \(folder): \(String(cString: strerror(errno)))")
        }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names
    }

    static func sha256(of path: RawPath) throws -> String {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { throw FactoryError("open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { throw FactoryError("g_checksum_new") }
        defer { g_checksum_free(checksum) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw FactoryError("read \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            buffer.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, gssize(n)) }
        }
        return String(cString: g_checksum_get_string(checksum))
    }
}
