/// Reads an asset's metadata from its file. The media layer implements it with gexiv2
/// (and libheif for HEIF/AVIF); the scan calls it off the main thread.
public protocol MetadataReader: Sendable {
    func metadata(for path: RawPath, mimeType: String, modified: Double) -> AssetMetadata

    /// How many of a file's first bytes the reader can use for a file of this type (0:
    /// none): the probe reads that many once, with the sniffer's, so only the types that
    /// use them (a JPEG's header segments) pay for reading them.
    func headLength(forMimeType mimeType: String) -> Int

    /// Whether `head`, fewer bytes than `headLength` of a file of this type, already holds
    /// all the reader would use (a JPEG's header segments end in it): the probe then reads
    /// no further. False by default: read the whole head.
    func headSuffices(_ head: [UInt8], mimeType: String) -> Bool

    /// The same answer as `metadata(for:mimeType:modified:)`, from `head` (the file's first
    /// bytes, up to `headLength`) where that is enough, else from the file.
    func metadata(for path: RawPath, mimeType: String, modified: Double, head: [UInt8]) -> AssetMetadata

    /// As `metadata(for:mimeType:modified:head:)`, or nil when the reader would use more of
    /// the file than `head` holds and `fileGoesOn` (the head stopped before the file's end):
    /// the probe then reads on to `headLength` and asks again. One look at the head decides
    /// both, where `headSuffices` and then the answer would each walk it.
    func metadata(for path: RawPath, mimeType: String, modified: Double, head: [UInt8], fileGoesOn: Bool) -> AssetMetadata?
}

extension MetadataReader {
    public func headLength(forMimeType mimeType: String) -> Int { 0 }

    public func headSuffices(_ head: [UInt8], mimeType: String) -> Bool { false }

    public func metadata(for path: RawPath, mimeType: String, modified: Double, head: [UInt8]) -> AssetMetadata {
        metadata(for: path, mimeType: mimeType, modified: modified)
    }

    public func metadata(for path: RawPath, mimeType: String, modified: Double, head: [UInt8],
                         fileGoesOn: Bool) -> AssetMetadata? {
        if fileGoesOn, head.count < headLength(forMimeType: mimeType), !headSuffices(head, mimeType: mimeType) { return nil }
        return metadata(for: path, mimeType: mimeType, modified: modified, head: head)
    }
}
