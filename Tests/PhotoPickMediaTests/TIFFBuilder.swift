/// Builds a TIFF structure (a JPEG's Exif payload) entry by entry, in either byte order,
/// so tests can write what no camera library would: odd types, counts, duplicates, extreme
/// values. IFD0 first, then the Exif and GPS IFDs, then every value longer than 4 bytes.
struct TIFFBuilder {
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        /// The value's bytes, already in the structure's byte order (see the helpers).
        var data: [UInt8]
    }

    let littleEndian: Bool
    var ifd0: [Entry] = []
    var exif: [Entry]?
    var gps: [Entry]?

    init(littleEndian: Bool) { self.littleEndian = littleEndian }

    // MARK: Values in this byte order

    func u16(_ v: UInt16) -> [UInt8] {
        littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
    }

    func u32(_ v: UInt32) -> [UInt8] {
        let b = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        return littleEndian ? b.reversed() : b
    }

    func ascii(_ tag: UInt16, _ text: [UInt8], nul: Bool = true) -> Entry {
        let data = text + (nul ? [0] : [])
        return Entry(tag: tag, type: 2, count: UInt32(data.count), data: data)
    }

    func ascii(_ tag: UInt16, _ text: String) -> Entry { ascii(tag, Array(text.utf8)) }

    func short(_ tag: UInt16, _ values: [UInt16]) -> Entry {
        Entry(tag: tag, type: 3, count: UInt32(values.count), data: values.flatMap(u16))
    }

    func long(_ tag: UInt16, _ values: [UInt32], type: UInt16 = 4) -> Entry {
        Entry(tag: tag, type: type, count: UInt32(values.count), data: values.flatMap(u32))
    }

    /// An UNDEFINED value (a UserComment: 8 bytes of character set, then the text).
    func undefined(_ tag: UInt16, _ bytes: [UInt8]) -> Entry {
        Entry(tag: tag, type: 7, count: UInt32(bytes.count), data: bytes)
    }

    func byte(_ tag: UInt16, _ values: [UInt8]) -> Entry {
        Entry(tag: tag, type: 1, count: UInt32(values.count), data: values)
    }

    func rational(_ tag: UInt16, _ values: [(UInt32, UInt32)], signed: Bool = false) -> Entry {
        Entry(tag: tag, type: signed ? 10 : 5, count: UInt32(values.count), data: values.flatMap { u32($0.0) + u32($0.1) })
    }

    // MARK: Layout

    /// The TIFF bytes; the Exif and GPS pointers in IFD0 are added here (after IFD0's own
    /// entries, so a test can also add its own, wrong ones).
    func build() -> [UInt8] {
        var ifd0 = self.ifd0
        if exif != nil { ifd0.append(long(0x8769, [0])) }
        if gps != nil { ifd0.append(long(0x8825, [0])) }
        let dirs = [ifd0, exif ?? [], gps ?? []]
        func size(_ d: [Entry]) -> Int { 2 + 12 * d.count + 4 }
        let ifd0Start = 8
        let exifStart = ifd0Start + size(dirs[0])
        let gpsStart = exifStart + (exif == nil ? 0 : size(dirs[1]))
        let dataAt = gpsStart + (gps == nil ? 0 : size(dirs[2]))
        var data: [UInt8] = []
        var out: [UInt8] = (littleEndian ? [0x49, 0x49, 0x2A, 0] : [0x4D, 0x4D, 0, 0x2A]) + u32(UInt32(ifd0Start))
        for (k, dir) in dirs.enumerated() where k == 0 || (k == 1 && exif != nil) || (k == 2 && gps != nil) {
            out += u16(UInt16(dir.count))
            for var entry in dir {
                if k == 0, entry.tag == 0x8769, entry.data == u32(0) { entry.data = u32(UInt32(exifStart)) }
                if k == 0, entry.tag == 0x8825, entry.data == u32(0) { entry.data = u32(UInt32(gpsStart)) }
                out += u16(entry.tag) + u16(entry.type) + u32(entry.count)
                if entry.data.count <= 4 {
                    out += entry.data + [UInt8](repeating: 0, count: 4 - entry.data.count)
                } else {
                    out += u32(UInt32(dataAt + data.count))
                    data += entry.data
                    if data.count % 2 == 1 { data.append(0) }
                }
            }
            out += u32(0)
        }
        return out + data
    }

    /// A JPEG: `plain` (SOI first, no APP1) with this structure as its Exif APP1 segment.
    static func jpeg(_ plain: [UInt8], tiff: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + plain.dropFirst(2)
    }
}
