internal import CVips
import Glibc

/// An image's metadata fields cut down before it is encoded without its location: libvips
/// writes back whatever its loader found (EXIF, XMP, IPTC, a PNG's text chunks, comments),
/// and a place can hide in any of them. A list of what stays, as `MetadataKeepList` keeps
/// tags: the ICC profile, and the fields that describe the pixels rather than the photo. The
/// kept tags are written after the encoder (`ExportMetadata.finish`).
enum VipsMetadataFields {
    /// Fields kept, by name or (ending in "-") by prefix.
    static let kept = ["icc-profile-data", "vips-", "interlaced", "bits-per-sample", "palette-bit-depth", "page-height", "n-pages",
                       "jpeg-multiscan", "jpeg-chroma-subsample", "heif-primary", "resolution-unit"]

    static func isKept(_ name: String) -> Bool {
        kept.contains { $0.hasSuffix("-") ? name.hasPrefix($0) : name == $0 }
    }

    /// Removes every field of `image` not `kept` (the header's own, such as its size, are
    /// not fields libvips can remove, and stay).
    static func keepProfileOnly(_ image: UnsafeMutablePointer<VipsImage>) {
        guard let fields = vips_image_get_fields(image) else { return }
        defer { g_strfreev(fields) }
        var i = 0
        while let field = fields[i] {
            if !isKept(String(cString: field)) { _ = vips_image_remove(image, field) }
            i += 1
        }
    }
}
