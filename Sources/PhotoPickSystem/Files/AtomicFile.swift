import CGio
#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// The one way photopick writes a file: readers see either the old file or the complete
/// new one, never a partial write, even after a crash or power loss. A temporary file in
/// the same folder (so `rename` cannot cross file systems), written in full, `fsync`ed,
/// renamed over the target, then the folder `fsync`ed so the rename itself is on disk.
public enum AtomicFile {
    /// What failed, with the path it concerned, e.g. "cannot replace /x/r.json: rename: …".
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let action: String
        public let path: RawPath
        public let error: SystemError
        public var description: String { "\(action) \(path): \(error.reason)" }
    }

    /// Writes `bytes` to `path` with permissions `mode` (0600 by default: a response may
    /// name private files). `beforeRename` runs between the sync and the rename (a test hook).
    /// `syncingFolder: false` leaves the folder's sync to the caller, who writes several files
    /// into one folder and then calls `syncFolder` once: the renames are durable from then on,
    /// and each file is complete whenever it is visible (its data was synced before its rename).
    /// `syncingData: false` skips the file's own `fsync`, for a cache entry only (a thumbnail):
    /// readers still never see a partial write, but after a power loss the file may be empty
    /// or short, so its reader must check it is complete and make it again if not. Every
    /// other file keeps the default.
    public static func write(_ bytes: [UInt8], to path: RawPath, mode: mode_t = 0o600, syncingData: Bool = true,
                             syncingFolder: Bool = true, beforeRename: () -> Void = {}) throws(Failure) {
        let folder = path.parent
        let fd: Int32, temp: RawPath
        do {
            (fd, temp) = try makeTemporary(in: folder, prefix: ".photopick-tmp-")
        } catch {
            throw Failure(action: "cannot create a temporary file in", path: folder, error: error)
        }
        var renamed = false
        defer { if !renamed { _ = temp.withCString { unlink($0) } } }
        do {
            defer { close(fd) }
            do {
                _ = try Syscall.retrying("fchmod") { fchmod(fd, mode) }
                try FileContents.write(bytes, to: fd)
                if syncingData { _ = try Syscall.retrying("fsync") { fsync(fd) } }
            } catch {
                throw Failure(action: "cannot write", path: temp, error: error)
            }
        }
        beforeRename()
        do {
            _ = try Syscall.retrying("rename") { temp.withCString { from in path.withCString { rename(from, $0) } } }
        } catch {
            throw Failure(action: "cannot replace", path: path, error: error)
        }
        renamed = true
        if syncingFolder { syncFolder(folder) }
    }

    /// A new empty file in `folder` named `prefix` + 6 random characters (keep the prefix
    /// short, so a target name near NAME_MAX still leaves room): 0600, created exclusively,
    /// close-on-exec from the start, so a program another thread spawns meanwhile never
    /// holds it open (an executable written here would then fail with ETXTBSY, "Text file
    /// busy", for as long as that program lives). GLib's mkstemp takes open flags (glibc's
    /// mkostemp is not visible to Swift).
    static func makeTemporary(in folder: RawPath, prefix: String) throws(SystemError) -> (fd: Int32, path: RawPath) {
        var template = folder.appending(component: Array((prefix + "XXXXXX").utf8)).bytes.map { CChar(bitPattern: $0) } + [0]
        let fd = try Syscall.retrying("g_mkstemp_full") { g_mkstemp_full(&template, O_RDWR | O_CLOEXEC, 0o600) }
        return (fd, RawPath(bytes: template.dropLast().map { UInt8(bitPattern: $0) }))
    }

    /// Removes the file at `path` and makes its removal durable. A missing file is fine.
    public static func remove(_ path: RawPath) throws(SystemError) {
        do {
            _ = try Syscall.retrying("unlink") { path.withCString { unlink($0) } }
        } catch where error.code == ENOENT {
            return
        }
        syncFolder(path.parent)
    }

    /// Makes a rename in `folder` durable; best effort (some file systems refuse).
    public static func syncFolder(_ folder: RawPath) {
        guard let fd = try? Syscall.retrying("open", { folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } })
        else { return }
        _ = try? Syscall.retrying("fsync") { fsync(fd) }
        close(fd)
    }
}
