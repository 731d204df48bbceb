import CMedia
import Foundation

/// Writes EXIF/XMP tags into a test's own image file with gexiv2, so metadata tests need
/// no binary fixtures and the reader is checked against an independent writer path.
public enum ExifWriter {
    /// Sets each tag ("Exif.Photo.DateTimeOriginal" = "2023:01:02 13:45:01", "Xmp.xmp.Rating" = "4"…)
    /// and an optional GPS position, then saves the file in place.
    public static func write(_ path: String, tags: [(String, String)],
                             gps: (latitude: Double, longitude: Double, altitude: Double)? = nil) throws {
        _ = initialized
        guard let meta = gexiv2_metadata_new() else { throw FactoryError("gexiv2_metadata_new failed") }
        defer { g_object_unref(UnsafeMutableRawPointer(meta)) }
        var error: UnsafeMutablePointer<GError>?
        func check(_ ok: gboolean, _ what: String) throws {
            guard ok == 0 else { return }
            let message = error.map { String(cString: $0.pointee.message) } ?? "failed"
            g_clear_error(&error)
            throw FactoryError("\(what) on \(path): \(message)")
        }
        try check(gexiv2_metadata_open_path(meta, path, &error), "open")
        for (tag, value) in tags {
            try check(gexiv2_metadata_try_set_tag_string(meta, tag, value, &error), "set \(tag)")
        }
        if let gps {
            try check(gexiv2_metadata_try_set_gps_info(meta, gps.longitude, gps.latitude, gps.altitude, &error), "set GPS")
        }
        try check(gexiv2_metadata_save_file(meta, path, &error), "save")
    }

    private static let initialized: Bool = gexiv2_initialize() != 0
}
