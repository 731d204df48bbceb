internal import CMedia
import PhotoPickCore

/// Content types from shared-mime-info, through GIO.
///
/// The file's bytes decide first: a PNG named `.jpg` is a PNG, and text named `.jpg`
/// is not a photo; the name only narrows them down (a TIFF named `.nef` is a Nikon RAW).
/// Only when the bytes say nothing definite (formats without magic numbers, such as TGA)
/// does the name decide. Bytes that shared-mime-info takes for
/// something else (an XBM is C source to it) are still the named image type when
/// gdk-pixbuf's loader for that type recognises them (`PixbufSignature`).
public struct GIOContentTypeSniffer: ContentTypeSniffer {
    public init() {}

    public var headLength: Int { 512 }

    public func mimeType(name: [UInt8], head: [UInt8]) -> String? {
        let sniffed = head.withUnsafeBufferPointer { buf in
            guess(name: nil, data: buf.baseAddress, length: buf.count)
        }
        if let type = sniffed.type, !sniffed.uncertain, isMedia(type) { return refined(type, name: name) }
        let byName = RawPath(bytes: name).withCString { guess(name: $0, data: nil, length: 0) }
        guard let named = byName.type, isMedia(named) else { return nil }
        if let type = sniffed.type, !sniffed.uncertain, type != "application/octet-stream" {
            // The bytes say it is something else, whatever the name claims, unless the image
            // decoder itself recognises them as the named type.
            return PixbufSignature.recognizes(head, as: named) ? named : nil
        }
        return named
    }

    /// The name's type when it is a kind of what the bytes are: most camera RAW formats (NEF,
    /// CR2, DNG, ARW, PEF) are TIFF files with no magic of their own, so the bytes alone say
    /// `image/tiff` and only the name says which. A name claiming a type the bytes are not (a
    /// PNG named `.nef`) changes nothing. The name is looked up in photopick's own table, which
    /// costs nothing for the usual file whose name and bytes agree.
    private func refined(_ sniffed: String, name: [UInt8]) -> String {
        guard let named = MediaTypeByName.guess(name), named != sniffed,
              g_content_type_is_a(named, sniffed) != 0 else { return sniffed }
        return named
    }

    private func isMedia(_ type: String) -> Bool { type.hasPrefix("image/") || type.hasPrefix("video/") }

    private func guess(name: UnsafePointer<CChar>?, data: UnsafePointer<UInt8>?, length: Int) -> (type: String?, uncertain: Bool) {
        var uncertain: gboolean = 0
        guard let raw = g_content_type_guess(name, data, gsize(length), &uncertain) else { return (nil, true) }
        defer { g_free(raw) }
        // On Unix a GIO content type is a MIME type; ask anyway in case that ever changes.
        let mime = g_content_type_get_mime_type(raw).map { p -> String in
            defer { g_free(p) }
            return String(cString: p)
        }
        return (mime ?? String(cString: raw), uncertain != 0)
    }
}
