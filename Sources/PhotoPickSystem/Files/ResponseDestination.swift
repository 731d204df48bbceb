#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Whether a response file (`--response`, `--portal`) can be written where it is asked for,
/// as `AtomicFile` writes it: a temporary file made in its folder, then renamed over it.
/// Checked before the window opens, so a caller that named a folder which is missing or not
/// writable learns it at once, not after the user has picked.
public enum ResponseDestination {
    /// nil when it can be written; else why not, naming the path's bytes.
    public static func problem(_ path: RawPath) -> [UInt8]? {
        let folder = path.parent
        var st = stat()
        guard folder.withCString({ stat($0, &st) }) == 0 else {
            let code = errno
            return Array("the response file's folder ".utf8) + folder.bytes
                + Array((code == ENOENT ? " does not exist" : ": \(SystemError.text(code))").utf8)
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            return Array("the response file's folder ".utf8) + folder.bytes + Array(" is not a folder".utf8)
        }
        // access() answers for this process's user, root's overrides and read-only mounts included.
        guard folder.withCString({ access($0, W_OK | X_OK) }) == 0 else {
            let code = errno
            return Array("cannot write the response into ".utf8) + folder.bytes + Array(": \(SystemError.text(code))".utf8)
        }
        if let target = FileSystemCalls.stat(path), target.st_mode & S_IFMT == S_IFDIR {
            return Array("the response file ".utf8) + path.bytes + Array(" is a folder".utf8)
        }
        return nil
    }
}
