#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Creating folders, and removing empty ones.
public enum Folders {
    /// Creates `folder` and its missing parents with `mode` (0700 by default: config and
    /// cache folders are private). A folder that exists already is fine.
    public static func create(_ folder: RawPath, mode: mode_t = 0o700) throws(SystemError) {
        if FileSystemCalls.stat(folder) != nil { return }
        if folder.bytes.count > 1 { try create(folder.parent, mode: mode) }
        do {
            _ = try Syscall.retrying("mkdir") { folder.withCString { mkdir($0, mode) } }
        } catch where error.code == EEXIST {
            return  // made meanwhile by someone else
        }
    }

    /// Removes `folder` when it is empty (never a link, never anything in it); whether it did.
    @discardableResult
    public static func removeIfEmpty(_ folder: RawPath) -> Bool {
        (try? Syscall.retrying("rmdir") { folder.withCString { rmdir($0) } }) != nil
    }
}
