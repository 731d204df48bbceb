import CMedia
import Foundation

/// Camera-style JPEGs for the bench: textured pixels (so the file is as large and as slow
/// to decode as a photo, not a flat colour), EXIF date, make, model and orientation, and a
/// 160×120 JPEG preview in the EXIF thumbnail slot, as cameras write it.
///
/// Every date is written as `placeholderDate`; copies get their own date by patching those
/// bytes (same length), which is how 100,000 distinct files come from a few templates fast.
enum CameraJPEG {
    static let placeholderDate = "2000:01:01 00:00:00"

    struct Template {
        let bytes: [UInt8]
        /// Where `placeholderDate` occurs (DateTime, DateTimeOriginal, DateTimeDigitized).
        let dateOffsets: [Int]

        /// The template's bytes with every date set to `date` ("YYYY:MM:DD HH:MM:SS").
        func stamped(_ date: String) -> [UInt8] {
            var out = bytes
            let d = Array(date.utf8)
            precondition(d.count == 19)
            for offset in dateOffsets { out.replaceSubrange(offset..<(offset + 19), with: d) }
            return out
        }
    }

    /// Makes a template: `noise` is the texture's amplitude (0–255), which sets the file size.
    /// `preview` is the EXIF preview's size (cameras write 160×120).
    static func template(width: Int, height: Int, seed: UInt64, noise: Int, quality: Int,
                         orientation: Int, preview: (width: Int32, height: Int32) = (160, 120),
                         scratch: String) throws -> Template {
        _ = exivReady
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)) else {
            throw BenchError("cannot allocate a \(width)×\(height) image")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        paint(pixbuf, seed: seed, noise: noise)
        let main = scratch + ".jpg", thumb = scratch + "-thumb.jpg"
        defer { unlink(main); unlink(thumb) }
        try save(pixbuf, to: main, quality: quality)
        guard let small = gdk_pixbuf_scale_simple(pixbuf, preview.width, preview.height, GDK_INTERP_BILINEAR) else {
            throw BenchError("cannot scale the preview")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(small)) }
        try save(small, to: thumb, quality: 80)
        try writeExif(main, thumbnail: thumb, width: width, height: height, orientation: orientation)
        guard let data = FileManager.default.contents(atPath: main) else { throw BenchError("cannot read \(main)") }
        let bytes = [UInt8](data)
        let offsets = occurrences(of: Array(placeholderDate.utf8), in: bytes)
        guard !offsets.isEmpty else { throw BenchError("the EXIF date was not written") }
        return Template(bytes: bytes, dateOffsets: offsets)
    }

    /// A diagonal gradient in the seed's colours, a few bands, and pseudo-random grain.
    private static func paint(_ pixbuf: OpaquePointer, seed: UInt64, noise: Int) {
        let w = Int(gdk_pixbuf_get_width(pixbuf)), h = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        var random = SplitMix(seed: seed)
        let base = (Int(random.next() % 200), Int(random.next() % 200), Int(random.next() % 200))
        let bands = 3 + Int(random.next() % 9)
        var state = UInt32(truncatingIfNeeded: random.next()) | 1
        for y in 0..<h {
            let row = pixels + y * stride
            for x in 0..<w {
                state ^= state << 13; state ^= state >> 17; state ^= state << 5  // xorshift32 grain
                let grain = noise > 0 ? Int(state % UInt32(noise)) - noise / 2 : 0
                let t = (x + y) * 255 / (w + h)
                let band = ((x * bands / w) & 1) * 40
                row[x * 3] = UInt8(clamping: base.0 + t / 3 + band + grain)
                row[x * 3 + 1] = UInt8(clamping: base.1 + (255 - t) / 4 + grain)
                row[x * 3 + 2] = UInt8(clamping: base.2 + (y * 55 / h) + band / 2 + grain)
            }
        }
    }

    private static func save(_ pixbuf: OpaquePointer, to path: String, quality: Int) throws {
        var error: UnsafeMutablePointer<GError>?
        let ok = withCStrings(["quality"]) { keys in withCStrings([String(quality)]) { values in
            gdk_pixbuf_savev(pixbuf, path, "jpeg", keys, values, &error)
        } }
        guard ok != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw BenchError("saving \(path): \(message)")
        }
    }

    private static func writeExif(_ path: String, thumbnail: String, width: Int, height: Int, orientation: Int) throws {
        guard let meta = gexiv2_metadata_new() else { throw BenchError("gexiv2_metadata_new failed") }
        defer { g_object_unref(UnsafeMutableRawPointer(meta)) }
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        let tags = [("Exif.Image.Make", "PhotoPick"), ("Exif.Image.Model", "Bench Camera 1"),
                    ("Exif.Image.Orientation", String(orientation)), ("Exif.Image.DateTime", placeholderDate),
                    ("Exif.Photo.DateTimeOriginal", placeholderDate), ("Exif.Photo.DateTimeDigitized", placeholderDate),
                    ("Exif.Photo.PixelXDimension", String(width)), ("Exif.Photo.PixelYDimension", String(height))]
        guard gexiv2_metadata_open_path(meta, path, &error) != 0 else { throw BenchError("gexiv2 cannot open \(path)") }
        for (tag, value) in tags where gexiv2_metadata_try_set_tag_string(meta, tag, value, &error) == 0 {
            throw BenchError("cannot set \(tag)")
        }
        guard gexiv2_metadata_set_exif_thumbnail_from_file(meta, thumbnail, &error) != 0,
              gexiv2_metadata_save_file(meta, path, &error) != 0 else { throw BenchError("cannot write EXIF into \(path)") }
    }

    private static let exivReady: Bool = gexiv2_initialize() != 0

    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard haystack.count >= needle.count else { return [] }
        var found: [Int] = []
        var i = 0
        while i <= haystack.count - needle.count {
            if haystack[i] == needle[0] && Array(haystack[i..<(i + needle.count)]) == needle {
                found.append(i)
                i += needle.count
            } else {
                i += 1
            }
        }
        return found
    }

    /// A NULL-terminated `char**` for gdk-pixbuf's option lists.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
