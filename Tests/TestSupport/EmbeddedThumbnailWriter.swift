import CMedia
import Foundation

/// Gives a test JPEG an EXIF thumbnail (and orientation), as cameras write them.
public enum EmbeddedThumbnailWriter {
    public static func embed(thumbnail: String, into path: String, orientation: Int = 1) throws {
        _ = gexiv2_initialize()
        guard let meta = gexiv2_metadata_new() else { throw FactoryError("gexiv2_metadata_new failed") }
        defer { g_object_unref(UnsafeMutableRawPointer(meta)) }
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        guard gexiv2_metadata_open_path(meta, path, &error) != 0,
              gexiv2_metadata_set_exif_thumbnail_from_file(meta, thumbnail, &error) != 0,
              gexiv2_metadata_try_set_tag_string(meta, "Exif.Image.Orientation", String(orientation), &error) != 0,
              gexiv2_metadata_save_file(meta, path, &error) != 0
        else { throw FactoryError("embedding a thumbnail into \(path) failed") }
    }
}
