internal import CMedia
import Foundation
import PhotoPickCore

/// Encodes thumbnails as PNG with the standard's `Thumb::` keys, through gdk-pixbuf.
public enum ThumbnailEncoder {
    public static func png(of image: DecodedImage, source: ThumbnailSource, mimeType: String) throws -> [UInt8] {
        let pixbuf = try image.pixels.withUnsafeBytes { raw -> OpaquePointer in
            guard let copy = gdk_pixbuf_new(GDK_COLORSPACE_RGB, image.hasAlpha ? 1 : 0, 8,
                                            Int32(image.width), Int32(image.height)) else {
                throw MediaError("cannot allocate a \(image.width)×\(image.height) thumbnail")
            }
            let stride = Int(gdk_pixbuf_get_rowstride(copy))
            let pixels = gdk_pixbuf_get_pixels(copy)!
            let rowBytes = image.width * image.channels
            for y in 0..<image.height {
                memcpy(pixels + y * stride, raw.baseAddress! + y * image.rowStride, rowBytes)
            }
            return copy
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        // zlib level 1: a third of a thumbnail's making went into deflating at the default
        // level 6, for files about a fifth smaller. Any PNG reader reads either.
        let keys = ["tEXt::Thumb::URI", "tEXt::Thumb::MTime", "tEXt::Thumb::Size", "tEXt::Thumb::Mimetype",
                    "tEXt::Software", "compression"]
        let values = [source.uri, String(source.mtime), String(source.size), mimeType,
                      "\(FreedesktopThumbnailCache.software) \(FreedesktopThumbnailCache.version)", "1"]
        var buffer: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let ok = withCStrings(keys) { k in withCStrings(values) { v in
            gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &length, "png", k, v, &error)
        } }
        guard ok != 0, let buffer else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw MediaError("cannot encode thumbnail: \(message)")
        }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
    }

    /// A NULL-terminated `char**` for gdk-pixbuf's option lists.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
