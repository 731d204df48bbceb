/// Reads an asset's metadata from its file. The media layer implements it with gexiv2
/// (and libheif for HEIF/AVIF); the scan calls it off the main thread.
public protocol MetadataReader: Sendable {
    func metadata(for path: RawPath, mimeType: String, modified: Double) -> AssetMetadata
}
