import PhotoPickCore
import PhotoPickSystem

/// Fills `AssetMetadata` from a file: gexiv2 for JPEG, PNG (and its text chunks:
/// `PNGMetadata`), TIFF, WebP and raw formats (and a Motion Photo's video: `MotionVideoLocator`),
/// libheif for HEIF/HEIC/AVIF, the container header for MP4 and QuickTime videos, the file
/// name and modification time for the rest.
///
/// Thread-safe (each call opens its own gexiv2/libheif objects), read-only, and never
/// fatal: a file exiv2 cannot read still gets its file-name date and screenshot flag.
public struct Exiv2MetadataReader: MetadataReader {
    public init() {}

    public func metadata(for path: RawPath, mimeType: String, modified: Double) -> AssetMetadata {
        let findings: MetadataFindings
        if VideoMetadata.mimeTypes.contains(mimeType) {
            // exiv2 0.27 reads no video; the container's header says what a picker needs.
            // (`VideoMetadata` opens the file as a `RegularFile` itself.)
            findings = VideoMetadata.read(path)
        } else if !ImageDecoder.isRegularFile(path) {
            // Swapped for a FIFO or a device since the scan looked: opening it could block.
            findings = MetadataFindings()
        } else if HEIFMetadata.mimeTypes.contains(mimeType) {
            findings = HEIFMetadata.read(path)
        } else if mimeType.hasPrefix("image/") {
            let file = Exiv2File.open(path)
            var read = file?.findings() ?? MetadataFindings()
            if mimeType == "image/png" { PNGMetadata.addTexts(of: path, to: &read) }
            read.motionVideo = MotionVideoLocator.find(path, xmp: file?.motionPhotoXMP, heif: false, make: read.cameraMake)
            findings = read
        } else {
            findings = MetadataFindings()
        }
        return MetadataAssembler.assemble(findings, path: path, mimeType: mimeType)
    }

    /// A JPEG's header segments; every other type is read from the file.
    public func headLength(forMimeType mimeType: String) -> Int {
        mimeType == "image/jpeg" ? JPEGHeadMetadata.headLength : 0
    }

    public func headSuffices(_ head: [UInt8], mimeType: String) -> Bool {
        mimeType == "image/jpeg" && head.withUnsafeBufferPointer(JPEGHeadMetadata.holdsHeader)
    }

    /// A plain JPEG is read from the head the scan already holds (`JPEGHeadMetadata`);
    /// anything else, or a JPEG that path declines, from the file as above. Never nil: with
    /// no more of the file to come, a head cut short is read from the file.
    public func metadata(for path: RawPath, mimeType: String, modified: Double, head: [UInt8]) -> AssetMetadata {
        metadata(for: path, mimeType: mimeType, modified: modified, head: head, fileGoesOn: false)
            ?? metadata(for: path, mimeType: mimeType, modified: modified)
    }

    /// One walk over a JPEG's header segments: the answer, or nil when they run past `head`
    /// and the file goes on (what `headSuffices` would have walked them for first).
    public func metadata(for path: RawPath, mimeType: String, modified: Double, head: [UInt8],
                         fileGoesOn: Bool) -> AssetMetadata? {
        guard mimeType == "image/jpeg" else { return metadata(for: path, mimeType: mimeType, modified: modified) }
        switch head.withUnsafeBufferPointer(JPEGHeadMetadata.read) {
        case .found(var findings):
            // No XMP on this path, so no Google claim: only a Samsung trailer may hold a video.
            findings.motionVideo = MotionVideoLocator.find(path, xmp: nil, heif: false, make: findings.cameraMake)
            return MetadataAssembler.assemble(findings, path: path, mimeType: mimeType)
        case .cutShort where fileGoesOn && head.count < JPEGHeadMetadata.headLength:
            return nil
        case .cutShort, .declined:
            return metadata(for: path, mimeType: mimeType, modified: modified)
        }
    }
}
