import PhotoPickCore
import PhotoPickSystem

/// Video metadata from the container's boxes (MP4, QuickTime, M4V, 3GP): the duration, the
/// creation time and the displayed size (`QuickTimeHeader`), and where it was taken
/// (`QuickTimeMetadata`: `©xyz`, the location key, `loci`, or an XMP packet read by exiv2),
/// from a few `pread`s of the file, never the media data itself. Other containers (WebM,
/// Matroska, AVI) keep their file-name or modification date.
enum VideoMetadata {
    static let mimeTypes: Set<String> = [
        "video/mp4", "video/quicktime", "video/x-m4v", "video/3gpp", "video/3gpp2", "application/mp4",
    ]

    static func read(_ path: RawPath) -> MetadataFindings {
        guard let file = RegularFile(path), file.size > 0 else { return MetadataFindings() }
        let boxes = QuickTimeMetadata.read(fileSize: file.size) { file.read(at: $0, count: $1) }
        guard let header = boxes.header else { return MetadataFindings() }
        var findings = MetadataFindings(video: header)
        findings.location = location(boxes)
        findings.contentIdentifier = boxes.contentIdentifier
        return findings
    }

    /// The place any reader of the file finds: the boxes' own, or an XMP packet's.
    static func location(_ boxes: QuickTimeMetadata) -> GeoLocation? {
        boxes.location ?? boxes.xmpPackets.lazy.compactMap { Exiv2File.open(bytes: $0)?.location }.first
    }
}
