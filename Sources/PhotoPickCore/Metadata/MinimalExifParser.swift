/// The few EXIF fields the library uses, as found in a raw EXIF block.
public struct ExifFields: Sendable, Hashable {
    public var make: String?
    public var model: String?
    public var orientation: Int?
    /// IFD0 DateTime: when the file was last changed by software, not the capture time.
    public var dateTime: String?
    public var dateTimeOriginal: String?
    public var offsetTimeOriginal: String?
    public var latitude: Double?
    public var longitude: Double?
    public var altitude: Double?
    public var rating: Int?

    public init() {}
}

/// Reads an EXIF block as libheif hands it out (an optional 4-byte big-endian offset to the
/// TIFF header, an optional "Exif\0\0", then a TIFF structure in either byte order).
///
/// Only for HEIF/AVIF, whose Exif exiv2 0.27 does not reach; everything else goes through
/// gexiv2. The input is untrusted: every read is bounds-checked, entry counts are capped,
/// only IFD0 and its Exif and GPS sub-IFDs are visited (no recursion), so hostile bytes
/// give nil or partial fields, never a crash or a long loop.
public enum MinimalExifParser {
    static let maxEntries = 1024
    static let maxStringBytes = 256

    public static func parse(_ data: [UInt8]) -> ExifFields? {
        guard let start = tiffStart(data) else { return nil }
        let tiff = TIFFReader(bytes: data, base: start, bigEndian: data[start] == UInt8(ascii: "M"))
        guard let ifd0 = tiff.u32(4) else { return nil }
        var fields = ExifFields()
        var exifIFD: Int?, gpsIFD: Int?
        for entry in tiff.entries(ifd: Int(ifd0)) {
            switch entry.tag {
            case 0x010F: fields.make = tiff.string(entry)
            case 0x0110: fields.model = tiff.string(entry)
            case 0x0112: fields.orientation = tiff.integer(entry).flatMap { (1...8).contains($0) ? $0 : nil }
            case 0x0132: fields.dateTime = tiff.string(entry)
            case 0x4746: fields.rating = tiff.integer(entry)
            case 0x8769: exifIFD = tiff.integer(entry)
            case 0x8825: gpsIFD = tiff.integer(entry)
            default: break
            }
        }
        if let exifIFD {
            for entry in tiff.entries(ifd: exifIFD) {
                switch entry.tag {
                case 0x9003: fields.dateTimeOriginal = tiff.string(entry)
                case 0x9011: fields.offsetTimeOriginal = tiff.string(entry)
                default: break
                }
            }
        }
        if let gpsIFD { readGPS(tiff, ifd: gpsIFD, into: &fields) }
        return fields
    }

    private static func readGPS(_ tiff: TIFFReader, ifd: Int, into fields: inout ExifFields) {
        var latRef: String?, lonRef: String?, altRef: Int?
        var lat: [Double]?, lon: [Double]?, alt: [Double]?
        for entry in tiff.entries(ifd: ifd) {
            switch entry.tag {
            case 1: latRef = tiff.string(entry)
            case 2: lat = tiff.rationals(entry, count: 3)
            case 3: lonRef = tiff.string(entry)
            case 4: lon = tiff.rationals(entry, count: 3)
            case 5: altRef = tiff.integer(entry)
            case 6: alt = tiff.rationals(entry, count: 1)
            default: break
            }
        }
        func degrees(_ dms: [Double]?, negative: Bool, limit: Double) -> Double? {
            guard let dms else { return nil }
            let value = dms[0] + dms[1] / 60 + dms[2] / 3600
            guard value.isFinite, abs(value) <= limit else { return nil }
            return negative ? -value : value
        }
        guard let latitude = degrees(lat, negative: latRef?.uppercased() == "S", limit: 90),
              let longitude = degrees(lon, negative: lonRef?.uppercased() == "W", limit: 180) else { return }
        fields.latitude = latitude
        fields.longitude = longitude
        if let a = alt?.first, a.isFinite { fields.altitude = altRef == 1 ? -a : a }
    }

    /// Where the TIFF header ("II*\0" or "MM\0*") begins.
    static func tiffStart(_ d: [UInt8]) -> Int? {
        func isTIFF(_ i: Int) -> Bool {
            guard i >= 0, i + 8 <= d.count else { return false }
            return (d[i] == 0x49 && d[i + 1] == 0x49 && d[i + 2] == 0x2A && d[i + 3] == 0)
                || (d[i] == 0x4D && d[i + 1] == 0x4D && d[i + 2] == 0 && d[i + 3] == 0x2A)
        }
        let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        if isTIFF(0) { return 0 }
        if d.starts(with: exifHeader), isTIFF(6) { return 6 }
        if d.count >= 4 {
            // libheif: a big-endian offset from the end of these 4 bytes to the TIFF header.
            let offset = Int(d[0]) << 24 | Int(d[1]) << 16 | Int(d[2]) << 8 | Int(d[3])
            if isTIFF(4 + offset) { return 4 + offset }
            if d.dropFirst(4).starts(with: exifHeader), isTIFF(10) { return 10 }
        }
        // Some writers pad differently: look a little further, not through the whole block.
        return (0..<min(d.count, 64)).first(where: isTIFF)
    }
}

/// Bounds-checked reads in a TIFF structure; offsets are relative to the header at `base`.
struct TIFFReader {
    let bytes: [UInt8]
    let base: Int
    let bigEndian: Bool

    struct Entry { let tag: Int; let type: Int; let count: Int; let valueOffset: Int }

    func u8(_ offset: Int) -> Int? {
        let i = base + offset
        guard offset >= 0, i < bytes.count else { return nil }
        return Int(bytes[i])
    }

    func u16(_ offset: Int) -> Int? {
        guard let a = u8(offset), let b = u8(offset + 1) else { return nil }
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(_ offset: Int) -> Int? {
        guard let a = u16(offset), let b = u16(offset + 2) else { return nil }
        return bigEndian ? a << 16 | b : b << 16 | a
    }

    static func size(ofType type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: return 1
        case 3, 8: return 2
        case 4, 9, 11: return 4
        case 5, 10, 12: return 8
        default: return nil
        }
    }

    /// The well-formed entries of the IFD at `ifd`, at most `maxEntries`; values out of bounds are dropped.
    func entries(ifd: Int) -> [Entry] {
        guard let count = u16(ifd) else { return [] }
        var out: [Entry] = []
        for i in 0..<min(count, MinimalExifParser.maxEntries) {
            let at = ifd + 2 + i * 12
            guard let tag = u16(at), let type = u16(at + 2), let n = u32(at + 4) else { break }
            guard let unit = Self.size(ofType: type) else { continue }
            let length = n * unit  // n < 2^32 and unit ≤ 8: no overflow on 64-bit Int
            let valueOffset = length <= 4 ? at + 8 : (u32(at + 8) ?? -1)
            guard valueOffset >= 0, length >= 0, base + valueOffset + length <= bytes.count else { continue }
            out.append(Entry(tag: tag, type: type, count: n, valueOffset: valueOffset))
        }
        return out
    }

    /// An ASCII (or byte) value up to its first NUL, trimmed; nil when empty.
    func string(_ e: Entry) -> String? {
        guard [1, 2, 7].contains(e.type) else { return nil }
        let start = base + e.valueOffset
        let raw = bytes[start..<(start + min(e.count, MinimalExifParser.maxStringBytes))]
        let text = String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self).trimmingWhitespace
        return text.isEmpty ? nil : text
    }

    /// The first value of an integer entry.
    func integer(_ e: Entry) -> Int? {
        guard e.count >= 1 else { return nil }
        switch e.type {
        case 1, 7: return u8(e.valueOffset)
        case 3: return u16(e.valueOffset)
        case 4: return u32(e.valueOffset)
        case 6: return u8(e.valueOffset).map { Int(Int8(truncatingIfNeeded: $0)) }
        case 8: return u16(e.valueOffset).map { Int(Int16(truncatingIfNeeded: $0)) }
        case 9: return u32(e.valueOffset).map { Int(Int32(truncatingIfNeeded: $0)) }
        default: return nil
        }
    }

    /// `count` unsigned (or signed) rationals; nil if any denominator is zero.
    func rationals(_ e: Entry, count: Int) -> [Double]? {
        guard e.type == 5 || e.type == 10, e.count >= count else { return nil }
        var out: [Double] = []
        for i in 0..<count {
            guard var num = u32(e.valueOffset + i * 8), var den = u32(e.valueOffset + i * 8 + 4) else { return nil }
            if e.type == 10 { (num, den) = (Int(Int32(truncatingIfNeeded: num)), Int(Int32(truncatingIfNeeded: den))) }
            guard den != 0 else { return nil }
            out.append(Double(num) / Double(den))
        }
        return out
    }
}
