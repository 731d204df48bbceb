#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// The system calls the scanner and the watcher share, in one place: `stat` following
/// symbolic links, a folder entry's name as bytes, and a file's first bytes (through
/// `RegularFile`, which never blocks on a special file).
enum FileSystemCalls {
    /// `stat` of `path`, following symbolic links; nil with `errno` set when it fails.
    static func stat(_ path: RawPath) -> Glibc.stat? {
        var st = Glibc.stat()
        return path.withCString { fstatat(AT_FDCWD, $0, &st, 0) } == 0 ? st : nil
    }

    /// The device and inode `path` leads to; nil if it cannot be `stat`ed.
    static func identity(_ path: RawPath) -> FileIdentity? {
        stat(path).map { FileIdentity(device: UInt64($0.st_dev), inode: UInt64($0.st_ino)) }
    }

    /// Seconds since 1970 of the last modification, with the nanoseconds.
    static func modified(_ st: Glibc.stat) -> Double {
        Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
    }

    /// A folder entry's name, as the bytes the file system holds.
    static func name(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw[..<(raw.firstIndex(of: 0) ?? raw.count)]) }
    }

    /// True for the `.` and `..` entries every folder lists.
    static func isSelfOrParent(_ name: [UInt8]) -> Bool { name == [0x2E] || name == [0x2E, 0x2E] }

    /// The first bytes of a regular file; nil if it cannot be opened, is no longer regular
    /// or is empty.
    static func readHead(_ path: RawPath, length: Int) -> [UInt8]? {
        guard let head = RegularFile(path)?.read(at: 0, count: length), !head.isEmpty else { return nil }
        return head
    }
}
