#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// What is at a path, without following a link there (`lstat`), or following it (`stat`):
/// for configuration files photopick edits, which must be regular files in real folders.
public struct PathStatus: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case regular, directory, symbolicLink, other }

    public let kind: Kind
    /// The permission bits.
    public let mode: UInt32
    /// When the file last changed (its inode: written, renamed in, its permissions set), in
    /// seconds since 1970: a package's file gets its install time here, not its build time.
    public let changed: Double
    /// How many names the file has (hard links): a file replaced by rename keeps only the one.
    public let links: UInt64

    /// Nil when nothing is there; throws when the path cannot be examined (a folder on the
    /// way is unreadable, or not a folder).
    public static func of(_ path: RawPath, followingLinks: Bool = false) throws(SystemError) -> PathStatus? {
        var st = stat()
        let flags = followingLinks ? 0 : AT_SYMLINK_NOFOLLOW
        guard path.withCString({ fstatat(AT_FDCWD, $0, &st, flags) }) == 0 else {
            if errno == ENOENT { return nil }
            throw SystemError(call: followingLinks ? "stat" : "lstat", code: errno)
        }
        let kind: Kind
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        return PathStatus(kind: kind, mode: UInt32(st.st_mode & 0o7777),
                          changed: Double(st.st_ctim.tv_sec) + Double(st.st_ctim.tv_nsec) / 1e9, links: UInt64(st.st_nlink))
    }

    /// The names in `folder` (not `.` and `..`), or nil when it cannot be listed.
    public static func names(in folder: RawPath) -> [String]? {
        guard let dir = folder.withCString({ opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = FileSystemCalls.name(of: entry)
            if !FileSystemCalls.isSelfOrParent(name) { names.append(String(decoding: name, as: UTF8.self)) }
        }
        return names
    }
}
