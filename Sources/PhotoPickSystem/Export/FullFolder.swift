#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// An export that failed for want of room, said in words a person acts on: "the export
/// folder is full (0.2 MB free)" rather than libvips' "vips2png: unable to write to target
/// target" or a bare errno. A full disk is ENOSPC, a user's exhausted quota EDQUOT (statvfs
/// knows nothing of quotas, so that one names no number).
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

    /// The sentence for `code`; `free` is the room the folder's file system has left, in bytes.
    public static func reason(_ code: Int32, free: Int64?) -> String {
        if code == EDQUOT { return "the export folder is full: your disk quota is used up" }
        guard let free else { return "the export folder is full" }
        return "the export folder is full (\(megabytes(free)) free)"
    }

    /// "0.2 MB", "12 MB", "1500 MB": decimal megabytes, a tenth below ten. Never localized:
    /// the sentence goes into the response file as well as on the screen.
    static func megabytes(_ bytes: Int64) -> String {
        let tenths = (max(0, bytes) + 50_000) / 100_000
        return tenths < 100 ? "\(tenths / 10).\(tenths % 10) MB" : "\((tenths + 5) / 10) MB"
    }

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

    /// Why writing an export into `output`, its own temporary file, failed with `message`, if
    /// it was for want of room: the message says so, or the file system has no block left.
    /// The half-written file is emptied first (it is discarded anyway), so the number is what
    /// the folder has for a file, not what this one left of it.
    public static func reason(forFailure message: String, output: Int32) -> String? {
        guard let code = code(named: message) ?? (freeBytes(of: output) == 0 ? ENOSPC : nil) else { return nil }
        _ = ftruncate(output, 0)
        return reason(code, free: freeBytes(of: output))
    }
}
