/// A media file found by a scan, before the library gives it an identifier.
public struct DiscoveredFile: Sendable, Hashable {
    public let path: RawPath
    /// The library root the file was found under.
    public let root: RawPath
    public let mimeType: String
    public let kind: MediaKind
    public let sizeBytes: Int64
    public let modified: Double
    /// Device and inode: the same file reached twice (hard or symbolic link) is one asset.
    public let device: UInt64
    public let inode: UInt64
    public var metadata: AssetMetadata

    public init(path: RawPath, root: RawPath, mimeType: String, kind: MediaKind,
                sizeBytes: Int64, modified: Double, device: UInt64, inode: UInt64,
                metadata: AssetMetadata = AssetMetadata()) {
        self.path = path
        self.root = root
        self.mimeType = mimeType
        self.kind = kind
        self.sizeBytes = sizeBytes
        self.modified = modified
        self.device = device
        self.inode = inode
        self.metadata = metadata
    }
}

/// Something the scan could not read, kept so the window can say which folder (or photo) and why.
public struct ScanProblem: Sendable, Hashable, CustomStringConvertible {
    public let path: RawPath
    public let code: Int32
    public let reason: String
    /// A file whose name says media but that could not be read; else a folder.
    public let isFile: Bool

    public init(path: RawPath, code: Int32, reason: String, isFile: Bool = false) {
        self.path = path
        self.code = code
        self.reason = reason
        self.isFile = isFile
    }

    public var isPermissionDenied: Bool { code == 13 || code == 1 }  // EACCES, EPERM
    public var description: String { "\(path): \(reason)" }
    /// `description` with the path's own bytes, for stderr (not repaired to U+FFFD).
    public var lineBytes: [UInt8] { path.bytes + Array(": \(reason)".utf8) }
}
