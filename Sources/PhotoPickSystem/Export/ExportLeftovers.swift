#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// The named temporary files (`.photopick-export-…`) that a dead export left in a folder:
/// removed the next time an export writes into it. Only unnamed temporary files are safe
/// from `kill -9`; where a file system has none (`ExportTemporary`'s fallback), or an older
/// photopick wrote there, such files stay behind.
///
/// The rule: a file is a dead run's when nobody holds its lock (a running export holds an
/// exclusive `flock` on each of its named files from their first moment to their last) and
/// it has not changed for `minimumAge` seconds (the lock is taken just after the file is
/// made: a file that young may be a live one's between the two calls). A pid in the name
/// would not do: a sandbox's pids are not the host's, and pids are reused. Only regular
/// files of this user with one link are touched; links are never followed.
public enum ExportLeftovers {
    public static let minimumAge: Double = 60

    /// Removes the dead runs' files in `folder`; returns their names.
    @discardableResult
    public static func sweep(in folder: RawPath, now: Double, minimumAge: Double = minimumAge) -> [RawPath] {
        guard let stream = folder.withCString({ opendir($0) }) else { return [] }
        defer { closedir(stream) }
        // Every export into the folder reads it whole (a photo folder of tens of thousands of
        // names): only the names with the prefix are copied out.
        let prefix = Array(ExportTemporary.namePrefix.utf8)
        var candidates: [[UInt8]] = []
        while let entry = readdir(stream) {
            let matches = withUnsafeBytes(of: &entry.pointee.d_name) { $0.starts(with: prefix) }
            if matches { candidates.append(FileSystemCalls.name(of: entry)) }
        }
        let dir = dirfd(stream)
        return candidates.compactMap { name in
            removeIfDead(name, in: dir, now: now, minimumAge: minimumAge) ? folder.appending(component: name) : nil
        }
    }

    private static func removeIfDead(_ name: [UInt8], in dir: Int32, now: Double, minimumAge: Double) -> Bool {
        let cName = name.map { CChar(bitPattern: $0) } + [0]
        let fd = openat(dir, cName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }  // after the unlink: the lock is held until then
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG, st.st_uid == geteuid(), st.st_nlink == 1,
              now - FileSystemCalls.modified(st) >= minimumAge,
              flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
        // Still the file that was checked under that name (not one renamed over it since).
        var named = stat()
        guard fstatat(dir, cName, &named, AT_SYMLINK_NOFOLLOW) == 0, named.st_dev == st.st_dev, named.st_ino == st.st_ino
        else { return false }
        return unlinkat(dir, cName, 0) == 0
    }
}
