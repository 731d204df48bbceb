import PhotoPickCore
import PhotoPickSystem

/// What a PNG's own text chunks say that exiv2 does not hand out: exiv2 0.27 reads a PNG's
/// XMP and Exif chunks but no other `tEXt`, and GNOME Shell and GNOME Screenshot mark every
/// screenshot with `Software: gnome-screenshot` there, other tools with a `Title`.
enum PNGMetadata {
    /// Text chunks come before the image data; one read of this much holds them in any PNG
    /// a tool writes (PNGTextChunks skips what is cut off).
    static let headLength = 64 * 1024

    static func addTexts(of path: RawPath, to findings: inout MetadataFindings) {
        guard let head = RegularFile(path)?.read(at: 0, count: headLength), let texts = PNGTextChunks.parse(head) else { return }
        if let software = texts["Software"] { findings.software.append(software) }
        findings.pngTitle = texts["Title"]
    }
}
