/// What a scan learnt about a file, kept between runs so an unchanged file is neither
/// sniffed nor has its EXIF read again. The SQLite index implements it.
public struct CachedFileInfo: Sendable, Hashable {
    public let mimeType: String
    public let metadata: AssetMetadata

    public init(mimeType: String, metadata: AssetMetadata) {
        self.mimeType = mimeType
        self.metadata = metadata
    }
}

public protocol ScanCache: Sendable {
    /// The scan is about to look up the files of `folder`: a cache may read them in one go.
    func prepare(folder: RawPath)
    /// The stored info for `path`, if it was stored for exactly this size and mtime.
    func lookup(_ path: RawPath, size: Int64, modified: Double) -> CachedFileInfo?
    /// Remembers files (possibly buffered until `flush`).
    func store(_ files: [DiscoveredFile])
    /// Writes what `store` buffered.
    func flush()
    /// Forgets files that are gone.
    func forget(_ paths: [RawPath])
    /// Remembers files that turned out not to be media, so a later scan does not open them
    /// again; `lookup` then answers with an empty `mimeType`.
    func storeNotMedia(_ files: [ScannedStamp])
}

extension ScanCache {
    public func prepare(folder: RawPath) {}

    /// A cache that keeps only media simply opens non-media files again next time.
    public func storeNotMedia(_ files: [ScannedStamp]) {}
}

/// A file as a scan saw it: enough to tell whether it changed since.
public struct ScannedStamp: Sendable, Hashable {
    public let path: RawPath
    public let size: Int64
    public let modified: Double

    public init(path: RawPath, size: Int64, modified: Double) {
        self.path = path
        self.size = size
        self.modified = modified
    }
}
