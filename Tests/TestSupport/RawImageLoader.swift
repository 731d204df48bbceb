import CMedia
import Foundation
import PhotoPickMedia

/// Decodes an image as stored, ignoring its EXIF orientation: the "wrong" picture that
/// orientation tests compare against.
public enum RawImageLoader {
    public static func load(_ path: String, width: Int, height: Int) throws -> DecodedImage {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file_at_scale(path, Int32(width), Int32(height), 0, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            if let error { g_error_free(error) }
            throw FactoryError("loading \(path): \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let w = Int(gdk_pixbuf_get_width(pixbuf)), h = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let source = gdk_pixbuf_read_pixels(pixbuf)!
        var data = Data(count: w * channels * h)
        data.withUnsafeMutableBytes { dest in
            for y in 0..<h { memcpy(dest.baseAddress! + y * w * channels, source + y * stride, w * channels) }
        }
        return DecodedImage(width: w, height: h, rowStride: w * channels, hasAlpha: channels == 4, pixels: data)
    }

    /// The stored pixel size, before orientation.
    public static func storedSize(_ path: String) -> (width: Int, height: Int)? {
        var w: Int32 = 0, h: Int32 = 0
        guard gdk_pixbuf_get_file_info(path, &w, &h) != nil else { return nil }
        return (Int(w), Int(h))
    }
}
