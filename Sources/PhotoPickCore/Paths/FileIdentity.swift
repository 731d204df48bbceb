/// A file or folder as the kernel knows it: device and inode. Two paths (links, hard links,
/// bind mounts) with the same identity are the same file.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
