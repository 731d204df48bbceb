import CMedia
import Foundation

/// A PNG's text keys as gdk-pixbuf's own PNG loader hands them out (`tEXt::KEY` options):
/// what GNOME's thumbnail factory reads back from the shared cache.
public enum PixbufTexts {
    /// Loads `path` through gdk-pixbuf and returns the value of each of `keys` it reports;
    /// throws if gdk-pixbuf cannot load the file at all.
    public static func read(_ path: String, keys: [String]) throws -> [String: String] {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            g_clear_error(&error)
            throw FactoryError("gdk-pixbuf cannot load \(path): \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var found: [String: String] = [:]
        for key in keys {
            if let value = gdk_pixbuf_get_option(pixbuf, "tEXt::" + key) { found[key] = String(cString: value) }
        }
        return found
    }
}
