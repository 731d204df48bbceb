/// A file or folder as the kernel knows it: device and inode. Two paths (links, hard links,
/// bind mounts) with the same identity are the same file.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// False for the identity an index written before schema 4 gives every file (device 0,
    /// inode 0; no file has inode 0): it names no file, so it cannot tell that two paths
    /// lead to one, and is not compared (as `FileStamp.matches` does not).
    public var isKnown: Bool { inode != 0 }
}
