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
    /// The stored info for `path`, if it was stored for exactly this size and mtime.
    func lookup(_ path: RawPath, size: Int64, modified: Double) -> CachedFileInfo?
    /// Remembers files (possibly buffered until `flush`).
    func store(_ files: [DiscoveredFile])
    /// Writes what `store` buffered.
    func flush()
    /// Forgets files that are gone.
    func forget(_ paths: [RawPath])
}
