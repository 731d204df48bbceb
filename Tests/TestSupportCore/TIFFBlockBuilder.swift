/// Builds a TIFF/EXIF block in either byte order: IFD0, an Exif sub-IFD and a GPS sub-IFD.
public struct TIFFBlockBuilder {
    public struct Entry {
        public let tag: UInt16, type: UInt16, count: UInt32
        public let value: (Bool) -> [UInt8]  // bytes in the given byte order (true = big-endian)
    }

    public static func u16(_ v: UInt16, _ be: Bool) -> [UInt8] { be ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
    public static func u32(_ v: UInt32, _ be: Bool) -> [UInt8] {
        let b = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        return be ? b : b.reversed()
    }
    public static func ascii(_ tag: UInt16, _ s: String) -> Entry {
        let bytes = Array(s.utf8) + [0]
        return Entry(tag: tag, type: 2, count: UInt32(bytes.count)) { _ in bytes }
    }
    public static func short(_ tag: UInt16, _ v: UInt16) -> Entry { Entry(tag: tag, type: 3, count: 1) { u16(v, $0) } }
    public static func byte(_ tag: UInt16, _ v: UInt8) -> Entry { Entry(tag: tag, type: 1, count: 1) { _ in [v] } }
    /// UNDEFINED bytes as they are (a maker note).
    public static func undefined(_ tag: UInt16, _ bytes: [UInt8]) -> Entry {
        Entry(tag: tag, type: 7, count: UInt32(bytes.count)) { _ in bytes }
    }
    public static func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
        Entry(tag: tag, type: 5, count: UInt32(values.count)) { be in values.flatMap { u32($0.0, be) + u32($0.1, be) } }
    }

    public var ifd0: [Entry] = [], exif: [Entry] = [], gps: [Entry] = []

    public init() {}

    public func build(bigEndian be: Bool) -> [UInt8] {
        var ifd0 = self.ifd0
        let ifdSize = { (n: Int) in 2 + n * 12 + 4 }
        let n0 = ifd0.count + (exif.isEmpty ? 0 : 1) + (gps.isEmpty ? 0 : 1)
        let exifAt = 8 + ifdSize(n0)
        let gpsAt = exifAt + (exif.isEmpty ? 0 : ifdSize(exif.count))
        var dataAt = gpsAt + (gps.isEmpty ? 0 : ifdSize(gps.count))
        if !exif.isEmpty { ifd0.append(Entry(tag: 0x8769, type: 4, count: 1) { Self.u32(UInt32(exifAt), $0) }) }
        if !gps.isEmpty { ifd0.append(Entry(tag: 0x8825, type: 4, count: 1) { Self.u32(UInt32(gpsAt), $0) }) }
        var out = (be ? Array("MM".utf8) : Array("II".utf8)) + Self.u16(42, be) + Self.u32(8, be)
        var data: [UInt8] = []
        for ifd in [ifd0, exif, gps] where !ifd.isEmpty {
            out += Self.u16(UInt16(ifd.count), be)
            for e in ifd.sorted(by: { $0.tag < $1.tag }) {
                let value = e.value(be)
                out += Self.u16(e.tag, be) + Self.u16(e.type, be) + Self.u32(e.count, be)
                if value.count <= 4 {
                    out += value + [UInt8](repeating: 0, count: 4 - value.count)
                } else {
                    out += Self.u32(UInt32(dataAt), be)
                    data += value
                    dataAt += value.count
                    if value.count % 2 == 1 { data.append(0); dataAt += 1 }
                }
            }
            out += Self.u32(0, be)  // no next IFD
        }
        return out + data
    }

    /// A camera-like block: Canon, orientation 6, dates with offset, rating 3, GPS south-west.
    public static var sample: TIFFBlockBuilder {
        var b = TIFFBlockBuilder()
        b.ifd0 = [ascii(0x010F, "Canon"), ascii(0x0110, "Canon EOS R6"), short(0x0112, 6),
                  ascii(0x0132, "2023:05:06 10:00:00"), short(0x4746, 3)]
        b.exif = [ascii(0x9003, "2023:01:02 13:45:01"), ascii(0x9011, "+02:00")]
        b.gps = [ascii(1, "S"), rationals(2, [(33, 1), (51, 1), (3600, 100)]),
                 ascii(3, "W"), rationals(4, [(151, 1), (12, 1), (30, 1)]),
                 byte(5, 1), rationals(6, [(125, 10)])]
        return b
    }
}
