/// A file or folder as the kernel knows it: device and inode. Two paths (links, hard links,
/// bind mounts) with the same identity are the same file.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of what `path` leads to (following links); nil if it cannot be `stat`ed.
    public static func of(_ path: RawPath) -> FileIdentity? {
        FileSystemCalls.stat(path).map { FileIdentity(device: UInt64($0.st_dev), inode: UInt64($0.st_ino)) }
    }
}
