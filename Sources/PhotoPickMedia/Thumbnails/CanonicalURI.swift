internal import CMedia
import PhotoPickCore

/// The URI GLib gives a local path; the thumbnail standard hashes exactly this string, so
/// thumbnails are shared with GNOME's tools only if we escape the way GLib does.
enum CanonicalURI {
    static func of(_ path: RawPath) -> String? {
        let uri = path.withCString { g_filename_to_uri($0, nil, nil) }
        guard let uri else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    static func md5(_ text: String) -> String {
        let hex = g_compute_checksum_for_string(G_CHECKSUM_MD5, text, -1)!
        defer { g_free(hex) }
        return String(cString: hex)
    }
}
