#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Where exports are written: the caller's `--export-dir`, or a fresh private folder under
/// `$XDG_CACHE_HOME/photopick/exports/` (`export-XXXXXX`, mode 0700), one per export.
///
/// A running export holds a shared `flock` on its private folder; `clean` skips folders
/// someone holds, so it never pulls files from under a running export.
public enum ExportFolder {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// `$XDG_CACHE_HOME/photopick/exports` (`~/.cache` by default: `BaseDirectories`).
    public static func defaultRoot() -> RawPath {
        RawPath(BaseDirectories.ofThisProcess(\.cacheHome)).appending(component: Array("photopick".utf8))
            .appending(component: Array("exports".utf8))
    }

    /// The caller's folder, created with its parents when missing; an error if it cannot be,
    /// or is not a folder this process may write into.
    public static func prepare(_ folder: RawPath) throws(Failure) -> RawPath {
        do {
            try Folders.create(folder, mode: 0o755)
        } catch {
            throw Failure(description: "cannot create the export folder \(folder): \(error.reason)")
        }
        guard let st = FileSystemCalls.stat(folder), st.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(description: "the export folder \(folder) is not a folder")
        }
        guard folder.withCString({ access($0, W_OK | X_OK) }) == 0 else {
            throw Failure(description: "cannot write into the export folder \(folder): \(SystemError.text(errno))")
        }
        return folder
    }

    /// A new private folder under `root`, and the descriptor that holds its "in use" lock
    /// (close it when the export is over).
    public static func makePrivate(under root: RawPath = defaultRoot()) throws(Failure) -> (folder: RawPath, lock: Int32) {
        do {
            try Folders.create(root, mode: 0o700)
        } catch {
            throw Failure(description: "cannot create \(root): \(error.reason)")
        }
        var template = root.appending(component: Array("export-XXXXXX".utf8)).bytes.map { CChar(bitPattern: $0) } + [0]
        guard mkdtemp(&template) != nil else {
            throw Failure(description: "cannot create a folder in \(root): \(SystemError.text(errno))")
        }
        let folder = RawPath(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
        let lock = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if lock >= 0 { _ = flock(lock, LOCK_SH) }
        return (folder, lock)
    }

    /// Removes the export folders under `root` last changed more than `age` seconds before
    /// `now` and not in use; returns them. Only `export-*` folders are touched.
    @discardableResult
    public static func clean(under root: RawPath = defaultRoot(), olderThan age: Double, now: Double) -> [RawPath] {
        guard let names = FileSystemScanner.listFolder(root) else { return [] }
        var removed: [RawPath] = []
        for name in names where name.starts(with: Array("export-".utf8)) {
            let folder = root.appending(component: name)
            var st = Glibc.stat()
            guard folder.withCString({ lstat($0, &st) }) == 0, st.st_mode & S_IFMT == S_IFDIR,
                  now - FileSystemCalls.modified(st) > age else { continue }
            let fd = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            guard fd >= 0 else { continue }
            defer { close(fd) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }  // a running export holds it
            if TreeRemoval.removeContents(of: fd), rmdir(folder) { removed.append(folder) }
        }
        return removed
    }

    private static func rmdir(_ folder: RawPath) -> Bool {
        folder.withCString { Glibc.rmdir($0) } == 0
    }
}
