internal import CMedia
import PhotoPickCore

/// What a photo exported without its location keeps: a list of what stays, not of what goes,
/// because places hide in more tags than any list names (a drone's XMP, IPTC's city, a
/// maker note's GPS block). The capture date and its offset, the camera's make and model, the
/// exposure, and the orientation (1: the pixels are upright); the ICC profile is the
/// encoder's (`ImageExport` keeps it); nothing else of EXIF, XMP, IPTC or comments.
public enum MetadataKeepList {
    /// EXIF tags kept, as exiv2 names them.
    public static let exif: [String] = [
        "Exif.Photo.DateTimeOriginal", "Exif.Photo.SubSecTimeOriginal", "Exif.Photo.OffsetTimeOriginal",
        "Exif.Photo.DateTimeDigitized", "Exif.Photo.SubSecTimeDigitized", "Exif.Photo.OffsetTimeDigitized",
        "Exif.Image.Make", "Exif.Image.Model",
        "Exif.Photo.ExposureTime", "Exif.Photo.FNumber", "Exif.Photo.ISOSpeedRatings", "Exif.Photo.SensitivityType",
        "Exif.Photo.ExposureProgram", "Exif.Photo.ExposureMode", "Exif.Photo.ExposureBiasValue", "Exif.Photo.ShutterSpeedValue",
        "Exif.Photo.ApertureValue", "Exif.Photo.MaxApertureValue", "Exif.Photo.MeteringMode", "Exif.Photo.Flash",
        "Exif.Photo.WhiteBalance", "Exif.Photo.FocalLength", "Exif.Photo.FocalLengthIn35mmFilm",
    ]
    /// XMP's capture dates, kept for a photo whose date is written only there.
    public static let xmp: [String] = ["Xmp.photoshop.DateCreated", "Xmp.exif.DateTimeOriginal", "Xmp.xmp.CreateDate"]
    /// Tags exiv2 writes itself: the orientation set here, and the pointer to the Exif IFD.
    static let structural: Set<String> = ["Exif.Image.Orientation", "Exif.Image.ExifTag"]

    /// A kept tag's value, as exiv2 writes it back ("1/250", "2023:06:01 18:30:00").
    public struct Tag: Sendable, Equatable {
        public let name: String
        public let value: String
    }

    /// The kept tags an original holds, as exiv2 read it (a HEIF: its Exif and XMP blocks).
    static func tags(in files: [Exiv2File]) -> [Tag] {
        var tags: [Tag] = []
        for name in exif + xmp where !tags.contains(where: { $0.name == name }) {
            if let value = files.lazy.compactMap({ $0.string(name) }).first { tags.append(Tag(name: name, value: value)) }
        }
        return tags
    }

    /// Leaves `handle` (an export, opened) with the kept tags alone: everything is cleared,
    /// then `tags` and Orientation 1 are written.
    static func apply(_ tags: [Tag], to handle: UnsafeMutablePointer<GExiv2Metadata>) {
        gexiv2_metadata_clear_exif(handle)
        gexiv2_metadata_clear_xmp(handle)
        gexiv2_metadata_clear_iptc(handle)
        gexiv2_metadata_clear_comment(handle)
        var error: UnsafeMutablePointer<GError>?
        for tag in tags + [Tag(name: "Exif.Image.Orientation", value: "1")] {
            gexiv2_metadata_try_set_tag_string(handle, tag.name, tag.value, &error)
            g_clear_error(&error)
        }
    }

    /// The tags of a written export that the list does not keep (none, when `apply` did its work).
    static func strays(in output: RawPath) -> [String]? {
        guard MetadataLibraries.ready, let handle = gexiv2_metadata_new() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var error: UnsafeMutablePointer<GError>?
        guard output.withCString({ gexiv2_metadata_open_path(handle, $0, &error) }) != 0 else {
            g_clear_error(&error)
            return nil
        }
        let allowed = Set(exif + xmp).union(structural)
        var strays: [String] = []
        for list in [gexiv2_metadata_get_exif_tags(handle), gexiv2_metadata_get_xmp_tags(handle), gexiv2_metadata_get_iptc_tags(handle)] {
            guard let list else { continue }
            defer { g_strfreev(list) }
            var i = 0
            while let tag = list[i] {
                let name = String(cString: tag)
                if !allowed.contains(name) { strays.append(name) }
                i += 1
            }
        }
        if let comment = gexiv2_metadata_try_get_comment(handle, &error) {
            defer { g_free(comment) }
            if comment.pointee != 0 { strays.append("comment") }
        }
        g_clear_error(&error)
        return strays
    }
}
