import CMedia
import Foundation

/// Images made and read back for the export tests: an asymmetric photo stored under any
/// EXIF orientation, and what an export holds (pixels, size, tags, ICC profile), read with
/// gdk-pixbuf and gexiv2, independently of the libvips path under test.
public enum ExportProbe {
    /// Writes a JPEG stored so that, with `orientation` applied, it shows `width`×`height`
    /// pixels, red in the top-left quarter and blue elsewhere; tags it with the orientation.
    public static func writeOriented(_ path: String, width: Int, height: Int, orientation: Int) throws {
        let swapped = orientation >= 5
        let (sw, sh) = swapped ? (height, width) : (width, height)
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(sw), Int32(sh)) else { throw FactoryError("gdk_pixbuf_new") }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<sh {
            for x in 0..<sw {
                let (dx, dy) = displayed(x: x, y: y, storedWidth: sw, storedHeight: sh, orientation: orientation)
                let red = dx < width / 2 && dy < height / 2
                let p = pixels + y * stride + x * 3
                (p[0], p[1], p[2]) = red ? (255, 0, 0) : (0, 0, 255)
            }
        }
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_savev(pixbuf, path, "jpeg", nil, nil, &error) != 0 else {
            g_clear_error(&error)
            throw FactoryError("saving \(path)")
        }
        try ExifWriter.write(path, tags: [("Exif.Image.Orientation", String(orientation))])
    }

    /// Where stored pixel (x, y) shows once EXIF `orientation` is applied.
    static func displayed(x: Int, y: Int, storedWidth sw: Int, storedHeight sh: Int, orientation: Int) -> (Int, Int) {
        switch orientation {
        case 2: return (sw - 1 - x, y)
        case 3: return (sw - 1 - x, sh - 1 - y)
        case 4: return (x, sh - 1 - y)
        case 5: return (y, x)
        case 6: return (sh - 1 - y, x)
        case 7: return (sh - 1 - y, sw - 1 - x)
        case 8: return (y, sw - 1 - x)
        default: return (x, y)
        }
    }

    /// The stored pixels of an image file (no orientation applied), as RGB rows.
    public struct Pixels {
        public let width: Int, height: Int
        let stride: Int, channels: Int
        let bytes: [UInt8]
        public func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let i = y * stride + x * channels
            return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
        }
    }

    public static func pixels(_ path: String) throws -> Pixels {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            g_clear_error(&error)
            throw FactoryError("decoding \(path): \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let w = Int(gdk_pixbuf_get_width(pixbuf)), h = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let count = (h - 1) * stride + w * channels
        let bytes = Array(UnsafeBufferPointer(start: gdk_pixbuf_get_pixels(pixbuf), count: count))
        return Pixels(width: w, height: h, stride: stride, channels: channels, bytes: bytes)
    }

    /// The embedded ICC profile, as gdk-pixbuf's JPEG and PNG loaders hand it out.
    public static func iccProfile(_ path: String) -> Data? {
        guard let pixbuf = gdk_pixbuf_new_from_file(path, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard let value = gdk_pixbuf_get_option(pixbuf, "icc-profile") else { return nil }
        return Data(base64Encoded: String(cString: value))
    }

    /// Every EXIF, XMP and IPTC tag exiv2 finds, by name ("Exif.Photo.DateTimeOriginal").
    public static func tags(_ path: String) throws -> [String: String] {
        _ = gexiv2_initialize()
        guard let meta = gexiv2_metadata_new() else { throw FactoryError("gexiv2_metadata_new") }
        defer { g_object_unref(UnsafeMutableRawPointer(meta)) }
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_open_path(meta, path, &error) != 0 else {
            g_clear_error(&error)
            throw FactoryError("exiv2 cannot open \(path)")
        }
        var found: [String: String] = [:]
        for list in [gexiv2_metadata_get_exif_tags(meta), gexiv2_metadata_get_xmp_tags(meta), gexiv2_metadata_get_iptc_tags(meta)] {
            guard let list else { continue }
            defer { g_strfreev(list) }
            var i = 0
            while let tag = list[i] {
                let value = gexiv2_metadata_try_get_tag_string(meta, tag, &error)
                g_clear_error(&error)
                found[String(cString: tag)] = value.map { String(cString: $0) } ?? ""
                g_free(value)
                i += 1
            }
        }
        return found
    }
}
