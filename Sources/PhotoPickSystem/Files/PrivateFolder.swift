#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// A folder only this user can enter, for files that pass between two of our processes
/// (the portal backend's requests and responses): checked before each use, because another
/// program of the user's may remove it, and a folder that is a link, someone else's or open
/// to others must never be trusted with what the user picked.
public enum PrivateFolder {
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case missing
        case notAFolder
        case notOwned
        case openToOthers(mode_t)
        case unreadable(SystemError)

        public var description: String {
            switch self {
            case .missing: return "it is gone"
            case .notAFolder: return "it is not a folder (a link, or a file)"
            case .notOwned: return "it belongs to another user"
            case .openToOthers(let mode): return "its mode is \(String(mode, radix: 8)), not 700"
            case .unreadable(let error): return "lstat: \(error.reason)"
            }
        }
    }

    /// Nil when `path` is a folder (not a link to one) owned by this user that no one else may
    /// enter or write; else what is wrong. `exact`: the mode must be 0700 (our own folders);
    /// otherwise only group and other write are refused (`XDG_RUNTIME_DIR` itself).
    public static func problem(_ path: RawPath, exact: Bool = true) -> Problem? {
        var st = stat()
        guard path.withCString({ lstat($0, &st) }) == 0 else {
            return errno == ENOENT ? .missing : .unreadable(SystemError(call: "lstat", code: errno))
        }
        guard st.st_mode & S_IFMT == S_IFDIR else { return .notAFolder }
        guard st.st_uid == geteuid() else { return .notOwned }
        let mode = st.st_mode & 0o7777
        if exact ? mode != 0o700 : mode & 0o022 != 0 { return .openToOthers(mode) }
        return nil
    }

    /// Why a folder below `path` could be taken over by another user, or nil: each folder
    /// above it must belong to root or this user, and one others may write must be sticky
    /// (as /tmp is: they may add entries there, not rename or remove ours). Otherwise another
    /// user could swap `path` for a folder of theirs between two of our checks. A link on the
    /// way must be root's or ours too (its owner could point it elsewhere), and the folders
    /// above where the links lead are held to the same rule.
    public static func ancestorsProblem(_ path: RawPath) -> String? {
        if let problem = ancestorsProblem(walking: path) { return problem }
        guard let real = path.withCString({ realpath($0, nil) }) else { return "\(path) cannot be resolved" }
        defer { free(real) }
        let resolved = RawPath(bytes: Array(UnsafeRawBufferPointer(start: real, count: strlen(real))))
        return resolved == path ? nil : ancestorsProblem(walking: resolved)
    }

    private static func ancestorsProblem(walking path: RawPath) -> String? {
        var entry = path
        while entry.bytes != [UInt8(ascii: "/")], !entry.bytes.isEmpty {
            var st = stat()
            guard entry.withCString({ lstat($0, &st) }) == 0 else { return "\(entry) cannot be read" }
            if st.st_uid != 0 && st.st_uid != geteuid() { return "\(entry) belongs to another user" }
            let folder = entry.parent
            guard folder.withCString({ stat($0, &st) }) == 0 else { return "\(folder) cannot be read" }
            if st.st_uid != 0 && st.st_uid != geteuid() { return "\(folder) belongs to another user" }
            if st.st_mode & 0o022 != 0 && st.st_mode & S_ISVTX == 0 { return "\(folder) may be written by other users" }
            entry = folder
        }
        return nil
    }

    /// A new folder in `base`, `prefix` + six random characters, mode 0700.
    public static func make(in base: RawPath, prefix: String) throws(SystemError) -> RawPath {
        var template = base.appending(component: Array((prefix + "XXXXXX").utf8)).bytes.map { CChar(bitPattern: $0) } + [0]
        _ = try Syscall.retrying("mkdtemp") { mkdtemp(&template) }
        return RawPath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
    }

    /// The bytes of a file another of our processes wrote: refused unless it is a regular file
    /// (a link is not followed), owned by this user, and at most `limit` bytes.
    public static func readOwnedFile(_ path: RawPath, limit: Int) throws(SystemError) -> [UInt8] {
        let fd = try Syscall.retrying("open") {
            path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        }
        defer { close(fd) }
        var st = stat()
        _ = try Syscall.retrying("fstat") { fstat(fd, &st) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw SystemError(call: "open", code: EINVAL) }
        guard st.st_uid == geteuid() else { throw SystemError(call: "open", code: EPERM) }
        guard st.st_size <= limit else { throw SystemError(call: "read", code: EFBIG) }
        guard let bytes = try FileContents.read(fd: fd, limit: limit) else { throw SystemError(call: "read", code: EFBIG) }
        return bytes
    }

    /// Removes `path` and what it holds, without following links (best effort).
    public static func remove(_ path: RawPath) {
        guard problem(path) != .notAFolder else { return }
        if let names = FileSystemScanner.listFolder(path) {
            for name in names {
                let child = path.appending(component: name)
                var st = stat()
                if child.withCString({ lstat($0, &st) }) == 0, st.st_mode & S_IFMT == S_IFDIR {
                    remove(child)
                } else {
                    _ = child.withCString { unlink($0) }
                }
            }
        }
        _ = path.withCString { rmdir($0) }
    }
}
