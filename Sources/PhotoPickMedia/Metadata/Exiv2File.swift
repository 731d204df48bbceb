internal import CMedia
import Foundation
import PhotoPickCore

/// One file's EXIF/XMP as exiv2 read it, through gexiv2. Each instance owns its own
/// GExiv2Metadata, which is what makes concurrent readers safe; never shared across threads.
final class Exiv2File {
    let handle: UnsafeMutablePointer<GExiv2Metadata>

    private init(_ handle: UnsafeMutablePointer<GExiv2Metadata>) { self.handle = handle }
    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Opens a file for reading (exiv2 opens it read-only and never writes unless asked to save).
    static func open(_ path: RawPath) -> Exiv2File? {
        guard MetadataLibraries.ready, let handle = gexiv2_metadata_new() else { return nil }
        let file = Exiv2File(handle)
        var error: UnsafeMutablePointer<GError>?
        let ok = path.withCString { gexiv2_metadata_open_path(handle, $0, &error) }
        g_clear_error(&error)
        return ok != 0 ? file : nil
    }

    /// Reads metadata from bytes in a format exiv2 knows, such as an XMP packet.
    static func open(bytes: [UInt8]) -> Exiv2File? {
        guard MetadataLibraries.ready, !bytes.isEmpty, let handle = gexiv2_metadata_new() else { return nil }
        let file = Exiv2File(handle)
        var error: UnsafeMutablePointer<GError>?
        let ok = bytes.withUnsafeBufferPointer { gexiv2_metadata_open_buf(handle, $0.baseAddress, glong($0.count), &error) }
        g_clear_error(&error)
        return ok != 0 ? file : nil
    }

    /// Reads an Exif block laid out as a JPEG APP1 segment ("Exif\0\0" + TIFF), as HEIF holds one.
    static func open(app1 bytes: [UInt8]) -> Exiv2File? {
        guard MetadataLibraries.ready, !bytes.isEmpty, let handle = gexiv2_metadata_new() else { return nil }
        let file = Exiv2File(handle)
        var error: UnsafeMutablePointer<GError>?
        let ok = bytes.withUnsafeBufferPointer { gexiv2_metadata_from_app1_segment(handle, $0.baseAddress, glong($0.count), &error) }
        g_clear_error(&error)
        return ok != 0 ? file : nil
    }

    /// Reads a TIFF structure (a JPEG's Exif payload after "Exif\0\0") as exiv2's JPEG
    /// reader decodes it; nil when exiv2 cannot.
    static func open(tiff bytes: UnsafeBufferPointer<UInt8>) -> Exiv2File? {
        guard MetadataLibraries.ready, let base = bytes.baseAddress, !bytes.isEmpty, let handle = gexiv2_metadata_new() else { return nil }
        let file = Exiv2File(handle)
        var error: UnsafeMutablePointer<GError>?
        let ok = gexiv2_metadata_from_app1_segment(handle, base, glong(bytes.count), &error)
        let failed = error != nil
        g_clear_error(&error)
        return ok != 0 && !failed ? file : nil
    }

    /// A tag's value as text ("Exif.Photo.DateTimeOriginal"), nil when absent or unreadable.
    func string(_ tag: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let value = gexiv2_metadata_try_get_tag_string(handle, tag, &error)
        g_clear_error(&error)
        guard let value else { return nil }
        defer { g_free(value) }
        let text = String(cString: value).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// `body` over a tag's bytes as stored ("Exif.Photo.MakerNote", which may be kilobytes:
    /// read where gexiv2 holds them, not copied); nil when the tag is absent.
    func withRaw<T>(_ tag: String, _ body: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
        var error: UnsafeMutablePointer<GError>?
        let bytes = gexiv2_metadata_try_get_tag_raw(handle, tag, &error)
        g_clear_error(&error)
        guard let bytes else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return nil }
        return body(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: Int(size)))
    }

    /// What the file's XMP packet (as exiv2 holds it) says of a Motion Photo's video,
    /// matched by namespace URI (`MotionPhotoXMP`), whatever prefixes the packet uses.
    var motionPhotoXMP: MotionPhotoXMP? {
        guard gexiv2_metadata_has_xmp(handle) != 0 else { return nil }
        var error: UnsafeMutablePointer<GError>?
        let packet = gexiv2_metadata_try_get_xmp_packet(handle, &error)
        g_clear_error(&error)
        guard let packet else { return nil }
        defer { g_free(packet) }
        return MotionPhotoXMP.parse(UnsafeBufferPointer(start: UnsafeRawPointer(packet).assumingMemoryBound(to: UInt8.self),
                                                        count: strlen(packet)))
    }

    /// EXIF (or XMP tiff:) orientation as stored; 0 when unspecified.
    var orientation: Int {
        var error: UnsafeMutablePointer<GError>?
        let value = gexiv2_metadata_try_get_orientation(handle, &error)
        g_clear_error(&error)
        return Int(value.rawValue)
    }

    /// The stored (unoriented) pixel size from the image itself, when exiv2 knows the format.
    var pixelSize: (width: Int, height: Int)? {
        let w = Int(gexiv2_metadata_get_pixel_width(handle)), h = Int(gexiv2_metadata_get_pixel_height(handle))
        return w > 0 && h > 0 ? (w, h) : nil
    }

    /// GPS position, from EXIF or else XMP (`xmpLocation`); nil unless both latitude and
    /// longitude are present and in range.
    var location: GeoLocation? { exifLocation ?? xmpLocation }

    /// EXIF's GPS position.
    private var exifLocation: GeoLocation? {
        func read(_ get: (UnsafeMutablePointer<GExiv2Metadata>, UnsafeMutablePointer<gdouble>,
                          UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> gboolean) -> Double? {
            var value: gdouble = 0
            var error: UnsafeMutablePointer<GError>?
            let ok = get(handle, &value, &error)
            g_clear_error(&error)
            return ok != 0 && value.isFinite ? value : nil
        }
        guard let lat = read(gexiv2_metadata_try_get_gps_latitude), abs(lat) <= 90,
              let lon = read(gexiv2_metadata_try_get_gps_longitude), abs(lon) <= 180 else { return nil }
        return GeoLocation(latitude: lat, longitude: lon, altitude: read(gexiv2_metadata_try_get_gps_altitude))
    }

    /// XMP's GPS position, which readers show as the photo's place as well: `exif:GPS…`
    /// ("48,51.504N"), or a drone's `drone-dji:Gps…` (signed degrees; DJI also spells
    /// "Longtitude").
    private var xmpLocation: GeoLocation? {
        let pairs = [("Xmp.exif.GPSLatitude", ["Xmp.exif.GPSLongitude"]),
                     ("Xmp.drone-dji.GpsLatitude", ["Xmp.drone-dji.GpsLongitude", "Xmp.drone-dji.GpsLongtitude"])]
        for (latitudeTag, longitudeTags) in pairs {
            guard let lat = string(latitudeTag).flatMap(GeoText.xmpCoordinate), abs(lat) <= 90,
                  let lon = longitudeTags.lazy.compactMap({ self.string($0).flatMap(GeoText.xmpCoordinate) }).first else { continue }
            return GeoLocation(latitude: lat, longitude: lon)
        }
        return nil
    }

    /// Everything the assembler needs from EXIF and XMP.
    func findings() -> MetadataFindings {
        var f = exifFindings()
        if let size = pixelSize { (f.pixelWidth, f.pixelHeight) = (size.width, size.height) }
        f.xmpDates = ["Xmp.photoshop.DateCreated", "Xmp.exif.DateTimeOriginal", "Xmp.xmp.CreateDate"].compactMap(string)
        f.xmpRating = string("Xmp.xmp.Rating")
        f.software += ["Xmp.xmp.CreatorTool", "Xmp.tiff.Software"].compactMap(string)
        f.userComments += [string("Xmp.exif.UserComment")].compactMap { $0 }
        return f
    }

    /// What the assembler needs from EXIF alone (the JPEG fast path holds no XMP).
    func exifFindings() -> MetadataFindings {
        var f = MetadataFindings()
        f.orientation = orientation
        f.exifDateTimeOriginal = string("Exif.Photo.DateTimeOriginal")
        f.exifOffsetTimeOriginal = string("Exif.Photo.OffsetTimeOriginal")
        f.exifRating = string("Exif.Image.Rating").flatMap { Int($0) }
        f.cameraMake = string("Exif.Image.Make")
        f.cameraModel = string("Exif.Image.Model")
        f.location = location
        f.software = [string("Exif.Image.Software")].compactMap { $0 }
        f.userComments = [string("Exif.Photo.UserComment")].compactMap { $0 }
        f.contentIdentifier = withRaw("Exif.Photo.MakerNote", AppleMakerNote.contentIdentifier)
        return f
    }
}
