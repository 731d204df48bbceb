import PhotoPickCore
import PhotoPickSystem

/// Video metadata from the container's header (MP4, QuickTime, M4V, 3GP): the duration,
/// the creation time and the displayed size, parsed by `QuickTimeHeader` from a few
/// `pread`s of the file, never the media data itself. Other containers (WebM, Matroska,
/// AVI) keep their file-name or modification date.
enum VideoMetadata {
    static let mimeTypes: Set<String> = [
        "video/mp4", "video/quicktime", "video/x-m4v", "video/3gpp", "video/3gpp2", "application/mp4",
    ]

    static func read(_ path: RawPath) -> MetadataFindings {
        QuickTimeHeader.read(path).map { MetadataFindings(video: $0) } ?? MetadataFindings()
    }
}
