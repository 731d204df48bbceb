#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// An export that failed for want of room, found out whichever library met it, so it can be
/// said in words a person acts on (Media's `MediaError.folderFull`: "the export folder is full
/// (0.2 MB free)") rather than libvips' "vips2png: unable to write to target target" or a bare
/// errno. A full disk is ENOSPC, a user's exhausted quota EDQUOT (statvfs knows nothing of
/// quotas, so that one has no number).
public enum FullFolder {
    public static func isFull(_ code: Int32) -> Bool { code == ENOSPC || code == EDQUOT }

    /// ENOSPC or EDQUOT when `message` carries strerror's words for it (libvips' "unix
    /// error: …", exiv2's and the copy's messages pass them on), else nil.
    public static func code(named message: String) -> Int32? {
        [ENOSPC, EDQUOT].first { code in
            message.contains(SystemError.text(code)) || message.contains(englishText[code] ?? "\u{0}")
        }
    }

    /// glibc's C-locale words, should a library have said them in another language's stead.
    private static let englishText: [Int32: String] = [ENOSPC: "No space left on device", EDQUOT: "Disk quota exceeded"]

    /// The room left on the file system holding `path` (statvfs's blocks for unprivileged
    /// users), or nil.
    public static func freeBytes(at path: RawPath) -> Int64? {
        var st = statvfs()
        guard path.withCString({ statvfs($0, &st) }) == 0 else { return nil }
        return Int64(st.f_bavail) * Int64(st.f_frsize)
    }

    /// The same for the file system holding the open file `fd`.
    public static func freeBytes(of fd: Int32) -> Int64? {
        var st = statvfs()
        guard fstatvfs(fd, &st) == 0 else { return nil }
        return Int64(st.f_bavail) * Int64(st.f_frsize)
    }

    /// Whether writing an export into `output`, its own temporary file, failed with `message`
    /// for want of room (the message says so, or the file system has no block left): ENOSPC or
    /// EDQUOT, and the room then left. The half-written file is emptied first (it is discarded
    /// anyway), so the number is what the folder has for a file, not what this one left of it.
    public static func room(afterFailure message: String, output: Int32) -> (code: Int32, free: Int64?)? {
        guard let code = code(named: message) ?? (freeBytes(of: output) == 0 ? ENOSPC : nil) else { return nil }
        _ = ftruncate(output, 0)
        return (code, freeBytes(of: output))
    }
}
