import CGio
#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// One export's file while a worker writes it, in the destination folder.
///
/// Where the file system has unnamed files (ext4, xfs, btrfs, tmpfs…) it is one: opened with
/// O_TMPFILE, it gets a name only in `publish` (linkat), once complete and synced, so a run
/// killed with -9 half-way leaves no file behind; the kernel frees it with the last
/// descriptor. The worker opens it through this process's `/proc/PID/fd/N`.
///
/// Elsewhere (vfat, NFS, most FUSE file systems refuse O_TMPFILE) it is a named
/// `.photopick-export-XXXXXX` renamed into place as before, and held with an exclusive
/// `flock` until it is published or discarded: a run killed half-way leaves it, and
/// `ExportLeftovers` removes it the next time an export writes into that folder, telling it
/// from a running export's by the lock.
///
/// Exactly one of `publish` (successful) or `discard` ends it: both close the descriptor.
public struct ExportTemporary: Sendable {
    /// Every named temporary file begins so (and nothing else photopick writes).
    public static let namePrefix = ".photopick-export-"

    public let folder: RawPath
    /// Open read-write; holds the fallback's lock.
    public let fd: Int32
    /// The fallback's name; nil for an unnamed file.
    public let name: RawPath?

    /// Where the worker opens it: the name, or for an unnamed file this process's link to
    /// it in /proc (the kernel lets a process of the same user follow it).
    public var workerPath: RawPath {
        name ?? RawPath("/proc/\(getpid())/fd/\(fd)")
    }

    /// A new empty file in `folder`, mode 0600: unnamed when `unnamed` and the file system
    /// allows, named otherwise.
    public static func make(in folder: RawPath, unnamed: Bool = true) throws(SystemError) -> ExportTemporary {
        if unnamed, pp_is_dumpable() != 0 {
            do {
                let fd = try Syscall.retrying("open") { folder.withCString { pp_open_unnamed($0, 0o600) } }
                return ExportTemporary(folder: folder, fd: fd, name: nil)
            } catch where error.code == EOPNOTSUPP || error.code == EISDIR || error.code == EINVAL {
                // No unnamed files here: a named one below. Any other error is the folder's own
                // (EACCES, EROFS, ENOSPC…), and a named file would meet it too.
            }
        }
        let (fd, path) = try AtomicFile.makeTemporary(in: folder, prefix: namePrefix)
        // Held from its first moment (ExportLeftovers spares files younger than a minute, for
        // the instant between the two calls). A file system without flock only loses the cleanup.
        _ = flock(fd, LOCK_EX | LOCK_NB)
        return ExportTemporary(folder: folder, fd: fd, name: path)
    }

    /// Syncs the file, gives it `mode` and the first free name for `stem`.`fileExtension`
    /// (`ExportPublishing.name`), never replacing a file, and closes it. On a throw it is
    /// still open: `discard` it.
    public func publish(stem: [UInt8], fileExtension: [UInt8], mode: mode_t) throws(SystemError) -> RawPath {
        _ = try Syscall.retrying("fsync") { fsync(fd) }
        _ = try Syscall.retrying("fchmod") { fchmod(fd, mode) }
        let target = try ExportPublishing.placeUnderFirstFreeName(in: folder, stem: stem, fileExtension: fileExtension) {
            (target: RawPath) throws(SystemError) in
            if let name {
                try ExportPublishing.renameWithoutReplacing(name, to: target)
            } else {
                try linkUnnamed(to: target)
            }
        }
        close(fd)
        return target
    }

    /// Closes it; a named one is removed (an unnamed one is gone with its last descriptor).
    public func discard() {
        if let name { _ = name.withCString { unlink($0) } }
        close(fd)
    }

    /// linkat through /proc/self/fd with AT_SYMLINK_FOLLOW, which needs no privilege
    /// (AT_EMPTY_PATH does, before Linux 6.10); EEXIST when `target` is taken.
    private func linkUnnamed(to target: RawPath) throws(SystemError) {
        let source = "/proc/self/fd/\(fd)"
        _ = try Syscall.retrying("linkat") {
            target.withCString { linkat(AT_FDCWD, source, AT_FDCWD, $0, AT_SYMLINK_FOLLOW) }
        }
    }
}
