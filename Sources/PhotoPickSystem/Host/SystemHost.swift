#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// The operating system's answers to the model's questions (`HostSystem`). Every program
/// calls `SystemHost.install()` before it builds a model.
public struct SystemHost: HostSystem {
    public init() {}

    /// Makes Core ask this host from now on.
    public static func install() { Host.install(SystemHost()) }

    public func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    public func utcOffset(at seconds: Int64) -> Int64 {
        var t = time_t(seconds)
        var tm = Glibc.tm()
        localtime_r(&t, &tm)
        return Int64(tm.tm_gmtoff)
    }

    public func kind(of path: RawPath) -> PathKind {
        guard let st = FileSystemCalls.stat(path) else { return .missing }
        return (st.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    public func identity(of path: RawPath) -> FileIdentity? {
        FileSystemCalls.stat(path).map { FileIdentity(device: UInt64($0.st_dev), inode: UInt64($0.st_ino)) }
    }

    public func currentDirectory() -> RawPath {
        guard let cwd = getcwd(nil, 0) else { return RawPath("/") }
        defer { free(cwd) }
        return RawPath(bytes: Array(UnsafeRawBufferPointer(start: cwd, count: strlen(cwd))))
    }

    public func environmentValue(_ name: String) -> [UInt8]? {
        guard let value = getenv(name) else { return nil }
        return Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
    }

    public func readAll(_ path: RawPath?, limit: Int) throws(SystemError) -> [UInt8]? {
        try FileContents.read(path, limit: limit)
    }
}
