#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// One folder's visible entries (hidden ones and `.`/`..` left out), in `readdir` order, with
/// what `stat` (following links) said of each: the kernel's share of a walk, the same work
/// `find` does. A value, so any thread may read a folder ahead of the walk that uses it
/// (`FolderReadAhead`); the walk alone decides what to make of it.
struct FolderEntries: Sendable {
    /// Why the folder could not be opened; nil when it was listed.
    var failure: SystemError?
    /// The names, one after another (one allocation a folder, not one a file).
    var nameBytes: [UInt8] = []
    /// Where each name ends in `nameBytes` (it starts where the one before ends).
    var nameEnds: [Int] = []
    /// Each name's `stat`; nil for one that vanished or dangles.
    var infos: [FileSystemScanner.FileInfo?] = []
    /// Whether some entry's `stat` was refused (a folder that can be listed but not searched).
    var denied = false

    var count: Int { infos.count }

    /// The bytes of entry `i`'s name.
    func nameRange(_ i: Int) -> Range<Int> { (i == 0 ? 0 : nameEnds[i - 1])..<nameEnds[i] }

    /// Reads `folder` now.
    static func read(_ folder: RawPath) -> FolderEntries {
        var read = FolderEntries()
        let dir: OpaquePointer
        do {
            dir = try Syscall.retrying("opendir") { folder.withCString { opendir($0) } }
        } catch {
            read.failure = error
            return read
        }
        defer { closedir(dir) }
        let fd = dirfd(dir)
        while let entry = readdir(dir) {
            // Relative to the open folder, so the kernel resolves one name, not the whole path
            // again (what makes `find` fast); `d_name` is NUL-terminated already, so it is
            // stat'ed in place, and only visible names are copied.
            let first = entry.pointee.d_name.0
            if first == 0 || first == CChar(UInt8(ascii: ".")) { continue }  // hidden, `.` and `..`
            var st = Glibc.stat()
            let found = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { fstatat(fd, $0, &st, 0) }
            } == 0
            if !found, errno == EACCES { read.denied = true }
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                read.nameBytes.append(contentsOf: raw[..<(raw.firstIndex(of: 0) ?? raw.count)])
            }
            read.nameEnds.append(read.nameBytes.count)
            read.infos.append(found ? FileSystemScanner.FileInfo(st) : nil)
        }
        return read
    }
}
