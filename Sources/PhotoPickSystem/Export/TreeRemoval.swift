#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// Empties a folder photopick made (an old export folder), relative to its open descriptor:
/// links inside are removed, never followed, so nothing outside the folder is touched.
enum TreeRemoval {
    /// True when the folder is empty afterwards.
    static func removeContents(of folder: Int32, depth: Int = 0) -> Bool {
        guard depth < 16 else { return false }
        let copy = dup(folder)
        guard copy >= 0, let dir = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return false
        }
        defer { closedir(dir) }
        var empty = true
        for name in FileSystemScanner.names(in: dir) {
            let gone = name.withUnsafeBufferPointer { buffer -> Bool in
                var cName = buffer.map { CChar(bitPattern: $0) } + [0]
                if unlinkat(folder, &cName, 0) == 0 { return true }
                guard errno == EISDIR || errno == EPERM else { return false }
                let sub = openat(folder, &cName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard sub >= 0 else { return false }
                defer { close(sub) }
                return removeContents(of: sub, depth: depth + 1) && unlinkat(folder, &cName, AT_REMOVEDIR) == 0
            }
            empty = empty && gone
        }
        return empty
    }
}
