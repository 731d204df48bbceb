#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// The file system as the watching layer sees it, over the calls it shares with the
/// scanner (`FileSystemCalls`).
enum WatchFS {
    struct Info {
        let identity: FileIdentity
        let mode: UInt32
        let stamp: FileStamp
        var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
        var isRegular: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }
    }

    struct Entry {
        let name: [UInt8]
        /// From `d_type`: false when the entry is surely neither a folder nor a link to one.
        let mayBeFolder: Bool
    }

    /// `stat` following symbolic links, as the scanner does.
    static func info(_ path: RawPath) throws(SystemError) -> Info {
        guard let st = FileSystemCalls.stat(path) else { throw SystemError(call: "stat", code: errno) }
        let modified = FileSystemCalls.modified(st)
        return Info(identity: FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino)), mode: st.st_mode,
                    stamp: FileStamp(sizeBytes: Int64(st.st_size), modified: modified,
                                     device: UInt64(st.st_dev), inode: UInt64(st.st_ino)))
    }

    /// The entries of a folder, without `.` and `..`.
    static func list(_ path: RawPath) throws(SystemError) -> [Entry] {
        let dir = try Syscall.retrying("opendir") { path.withCString { opendir($0) } }
        defer { closedir(dir) }
        var entries: [Entry] = []
        while let entry = readdir(dir) {
            let name = FileSystemCalls.name(of: entry)
            if FileSystemCalls.isSelfOrParent(name) { continue }
            let type = Int(entry.pointee.d_type)
            let mayBeFolder = type == Int(DT_DIR) || type == Int(DT_LNK) || type == Int(DT_UNKNOWN)
            entries.append(Entry(name: name, mayBeFolder: mayBeFolder))
        }
        return entries
    }

    static func isHidden(_ name: some Collection<UInt8>) -> Bool { name.first == UInt8(ascii: ".") }

    /// True when `path` or a folder between it and `root` is hidden (the root itself may be).
    static func isHidden(_ path: RawPath, below root: RawPath) -> Bool {
        guard let below = path.relative(to: root) else { return false }
        return below.split(separator: UInt8(ascii: "/")).contains { isHidden($0) }
    }

    /// True for `path` itself and everything below it. Allocation-free: called per watch.
    static func isAtOrBelow(_ path: RawPath, _ folder: RawPath) -> Bool {
        let p = path.bytes, f = folder.bytes, slash = UInt8(ascii: "/")
        guard p.count >= f.count, p.starts(with: f) else { return false }
        return p.count == f.count || f.last == slash || p[f.count] == slash
    }

    static func problem(_ path: RawPath, _ code: Int32) -> ScanProblem {
        ScanProblem(path: path, error: SystemError(call: "stat", code: code))
    }
}
