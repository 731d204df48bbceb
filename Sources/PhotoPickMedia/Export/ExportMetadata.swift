internal import CMedia
import PhotoPickCore
import PhotoPickSystem

/// The metadata of an export, put right in its temporary file (never in the original) after
/// libvips wrote it with the original's EXIF, XMP and IPTC: Orientation 1, as the pixels are
/// upright now; no EXIF thumbnail (it would show the old orientation and size); the capture
/// date, its offset and the camera copied from the original when the encoder dropped them
/// (PNG, a HEIC's Exif); and with `removeLocation` no GPS tag in EXIF or XMP.
public enum ExportMetadata {
    /// The tags an export always keeps, from the original's findings.
    private static func kept(_ f: MetadataFindings) -> [(String, String?)] {
        [("Exif.Photo.DateTimeOriginal", f.exifDateTimeOriginal), ("Exif.Photo.OffsetTimeOriginal", f.exifOffsetTimeOriginal),
         ("Exif.Image.Make", f.cameraMake), ("Exif.Image.Model", f.cameraModel)]
    }

    /// What the original's metadata holds, read once per export (`finish` may run once per
    /// `maxBytes` attempt); `mimeType` is the original's, as sniffed.
    public static func findings(of original: RawPath, mimeType: String) -> MetadataFindings {
        HEIFMetadata.mimeTypes.contains(mimeType) ? HEIFMetadata.read(original) : Exiv2File.open(original)?.findings() ?? MetadataFindings()
    }

    /// `kept`: the original's `findings`.
    public static func finish(_ output: RawPath, kept findings: MetadataFindings, removeLocation: Bool) throws(MediaError) {
        guard MetadataLibraries.ready, let handle = gexiv2_metadata_new() else { throw MediaError("exiv2 could not be started") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var error: UnsafeMutablePointer<GError>?
        guard output.withCString({ gexiv2_metadata_open_path(handle, $0, &error) }) != 0 else {
            throw MediaError("its metadata could not be written: \(take(&error))")
        }
        gexiv2_metadata_try_set_orientation(handle, GEXIV2_ORIENTATION_NORMAL, &error)
        g_clear_error(&error)
        gexiv2_metadata_try_erase_exif_thumbnail(handle, &error)
        g_clear_error(&error)
        for (tag, value) in kept(findings) {
            guard let value, gexiv2_metadata_try_has_tag(handle, tag, &error) == 0 else { g_clear_error(&error); continue }
            gexiv2_metadata_try_set_tag_string(handle, tag, value, &error)
            g_clear_error(&error)
        }
        if removeLocation { removeGPS(handle) }
        guard output.withCString({ gexiv2_metadata_save_file(handle, $0, &error) }) != 0 else {
            throw MediaError("its metadata could not be written: \(take(&error))")
        }
    }

    /// No EXIF, XMP or IPTC at all (`stripMetadata`, where the encoder adds some regardless).
    public static func removeAll(_ output: RawPath) throws(MediaError) {
        guard MetadataLibraries.ready, let handle = gexiv2_metadata_new() else { throw MediaError("exiv2 could not be started") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var error: UnsafeMutablePointer<GError>?
        guard output.withCString({ gexiv2_metadata_open_path(handle, $0, &error) }) != 0 else {
            throw MediaError("its metadata could not be removed: \(take(&error))")
        }
        gexiv2_metadata_clear(handle)
        guard output.withCString({ gexiv2_metadata_save_file(handle, $0, &error) }) != 0 else {
            throw MediaError("its metadata could not be removed: \(take(&error))")
        }
    }

    /// Every GPS tag: EXIF's GPS IFD, and XMP's exif:GPS… properties, which gexiv2's
    /// delete_gps_info may leave.
    private static func removeGPS(_ handle: UnsafeMutablePointer<GExiv2Metadata>) {
        var error: UnsafeMutablePointer<GError>?
        gexiv2_metadata_try_delete_gps_info(handle, &error)
        g_clear_error(&error)
        for list in [gexiv2_metadata_get_exif_tags(handle), gexiv2_metadata_get_xmp_tags(handle)] {
            guard let list else { continue }
            defer { g_strfreev(list) }
            var i = 0
            while let tag = list[i] {
                if String(cString: tag).contains("GPS") {
                    gexiv2_metadata_try_clear_tag(handle, tag, &error)
                    g_clear_error(&error)
                }
                i += 1
            }
        }
    }

    private static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        defer { g_clear_error(&error) }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }
}
