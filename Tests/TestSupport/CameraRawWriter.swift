import Foundation
import PhotoPickCore
import TestSupportCore

/// Writes camera RAW files byte by byte, as each format lays out what photopick reads: no
/// Debian tool writes RAW (ImageMagick's DNG coder only reads). Simplified (no maker notes;
/// the sensor data is 64 bytes of filler, which nothing here develops), but each format's
/// header and magic are real, and so are its IFDs (a 16 × 12 green IFD0 thumbnail where the format has one, the sensor's 6000 × 4000
/// in the full-resolution sub-IFD or the maker's tags), make, model, orientation, date and a
/// GPS position (48.858 N, 2.294 E: `ExifTool.placeValues`), and the JPEG preview where the
/// format keeps it (a NEF's or a DNG's sub-IFD, a CR2's, a CR3's PRVW box, a RW2's JpgFromRaw,
/// a RAF's JPEG).
public enum CameraRawWriter {
    public enum Format: String, CaseIterable, Sendable {
        case nef, cr2, cr3, arw, pef, dng, orf, rw2, raf

        /// Its type as shared-mime-info names it.
        public var mimeType: String {
            switch self {
            case .nef: return "image/x-nikon-nef"
            case .cr2: return "image/x-canon-cr2"
            case .cr3: return "image/x-canon-cr3"
            case .arw: return "image/x-sony-arw"
            case .pef: return "image/x-pentax-pef"
            case .dng: return "image/x-adobe-dng"
            case .orf: return "image/x-olympus-orf"
            case .rw2: return "image/x-panasonic-rw2"
            case .raf: return "image/x-fuji-raf"
            }
        }
    }

    /// The sensor size the files declare.
    public static let sensor = (width: 6000, height: 4000)
    /// The IFD0 thumbnail's colour: a thumbnail of it is the wrong image.
    public static let thumbnailColor: [UInt8] = [20, 200, 20]

    /// Writes `format` at `path` with `preview` (a JPEG's bytes, written as they are) as its
    /// embedded preview, or none.
    public static func write(_ path: String, format: Format, preview: [UInt8]?, orientation: UInt16 = 1) throws {
        let bytes: [UInt8]
        switch format {
        case .rw2: bytes = rw2(preview: preview, orientation: orientation)
        case .raf: bytes = raf(preview: preview ?? [], orientation: orientation)
        case .cr3: bytes = cr3(preview: preview, orientation: orientation)
        default: bytes = tiffRAW(format, preview: preview, orientation: orientation)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// `jpeg` with an Exif APP1 segment right after SOI, as a RAF's and a RW2's preview carry the photo's EXIF.
    public static func withExif(_ jpeg: [UInt8], orientation: UInt16) -> [UInt8] {
        var tiff = Layout()
        tiff.ifd("0", camera(orientation) + [.pointer(0x8769, ["exif"]), .pointer(0x8825, ["gps"])])
        tiff.ifd("exif", exifIFD)
        tiff.ifd("gps", gpsIFD)
        let payload = Array("Exif".utf8) + [0, 0] + tiff.build(header: Array("II*\0".utf8) + [0, 0, 0, 0])
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }

    // MARK: The formats

    /// NEF, CR2, ARW, PEF, DNG and ORF: TIFF, IFD0 a small RGB thumbnail, the preview in a
    /// sub-IFD (JPEG, compression 6; DNG's 7), the sensor data in another (NewSubfileType 0).
    private static func tiffRAW(_ format: Format, preview: [UInt8]?, orientation: UInt16) -> [UInt8] {
        var tiff = Layout()
        // An ORF's IFD0 is the sensor data itself (exiv2 takes its size from there); the others'
        // is a small thumbnail, the sensor data in a sub-IFD.
        let sensorInIFD0 = format == .orf
        let subIFDs = (preview == nil ? [] : ["previewIFD"]) + (sensorInIFD0 ? [] : ["sensorIFD"])
        var ifd0: [Entry] = [.pointer(0x8769, ["exif"]), .pointer(0x8825, ["gps"])] + camera(orientation)
        ifd0 += sensorInIFD0 ? sensorImage
            : [.long(0x00FE, [1]), .short(0x0100, [16]), .short(0x0101, [12]), .short(0x0102, [8, 8, 8]), .short(0x0103, [1]),
               .short(0x0106, [2]), .pointer(0x0111, ["thumbnail"]), .short(0x0115, [3]), .short(0x0116, [12]),
               .length(0x0117, "thumbnail")]
        if !subIFDs.isEmpty { ifd0.append(.pointer(0x014A, subIFDs)) }
        if format == .dng { ifd0 += [.byte(0xC612, [1, 4, 0, 0]), .ascii(0xC614, "Test Camera")] }
        tiff.ifd("0", ifd0)
        if let preview {
            tiff.ifd("previewIFD", [.long(0x00FE, [1]), .short(0x0103, [format == .dng ? 7 : 6]),
                                 .pointer(0x0201, ["preview"]), .length(0x0202, "preview")])
            tiff.blob("preview", preview)
        }
        if !sensorInIFD0 { tiff.ifd("sensorIFD", sensorImage) }
        tiff.ifd("exif", exifIFD)
        tiff.ifd("gps", gpsIFD)
        tiff.blob("thumbnail", [UInt8](repeating: 0, count: 16 * 12).flatMap { _ in thumbnailColor })
        tiff.blob("sensor", [UInt8](repeating: 0x55, count: 64))
        let header: [UInt8]
        switch format {
        case .cr2: header = Array("II*\0".utf8) + [0, 0, 0, 0] + Array("CR".utf8) + [2, 0, 0, 0, 0, 0]
        case .orf: header = Array("IIRO".utf8) + [0, 0, 0, 0]
        default: header = Array("II*\0".utf8) + [0, 0, 0, 0]
        }
        return tiff.build(header: header)
    }

    /// RW2: a TIFF whose IFD0 holds Panasonic's tags: the sensor's size, and the preview
    /// (JpgFromRaw, 0x002E), whose own EXIF is the photo's.
    private static func rw2(preview: [UInt8]?, orientation: UInt16) -> [UInt8] {
        var tiff = Layout()
        var ifd0: [Entry] = [.undefined(0x0001, Array("0100".utf8)), .short(0x0002, [UInt16(sensor.width)]),
                             .short(0x0003, [UInt16(sensor.height)])] + camera(orientation)
        if let preview { ifd0.append(.undefined(0x002E, withExif(preview, orientation: orientation))) }
        tiff.ifd("0", ifd0)
        // Panasonic's first IFD is at 0x18, which shared-mime-info's magic for RW2 includes.
        return tiff.build(header: Array("IIU\0".utf8) + [UInt8](repeating: 0, count: 20))
    }

    /// RAF: Fujifilm's header, the preview JPEG (with the photo's EXIF) at the offset it
    /// names, then the sensor data.
    private static func raf(preview: [UInt8], orientation: UInt16) -> [UInt8] {
        let jpeg = preview.isEmpty ? [] : withExif(preview, orientation: orientation)
        var header = Array("FUJIFILMCCD-RAW 0201FF383501".utf8)
        header += Array("X-T5".utf8) + [UInt8](repeating: 0, count: 28) + Array("0100".utf8) + [UInt8](repeating: 0, count: 20)
        let jpegAt = 160, sensorBytes = [UInt8](repeating: 0x55, count: 64)
        for value in [jpegAt, jpeg.count, 0, 0, jpegAt + jpeg.count, sensorBytes.count] { header += be32(UInt32(value)) }
        header += [UInt8](repeating: 0, count: jpegAt - header.count)
        return header + jpeg + sensorBytes
    }

    /// CR3: ISO base media boxes. Canon's uuid box in `moov` holds IFD0, the Exif IFD and the
    /// GPS IFD as TIFF structures of their own (CMT1, CMT2, CMT4); the preview is a PRVW box
    /// (its size, then the JPEG) in a top-level uuid box of Canon's.
    private static func cr3(preview: [UInt8]?, orientation: UInt16) -> [UInt8] {
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload }
        func tiff(_ entries: [Entry]) -> [UInt8] {
            var layout = Layout()
            layout.ifd("0", entries)
            return layout.build(header: Array("II*\0".utf8) + [0, 0, 0, 0])
        }
        let canon: [UInt8] = [0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48]
        let canonPreview: [UInt8] = [0xEA, 0xF4, 0x2B, 0x5E, 0x1C, 0x98, 0x4B, 0x88, 0xB9, 0xFB, 0xB7, 0xDC, 0x40, 0x6E, 0x4D, 0x16]
        var out = box("ftyp", Array("crx ".utf8) + be32(1) + Array("crx isom".utf8))
        out += box("moov", box("uuid", canon + box("CMT1", tiff(camera(orientation))) + box("CMT2", tiff(exifIFD))
                                 + box("CMT4", tiff(gpsIFD))))
        if let preview {
            let size = JPEGFrameHeader.size(preview) ?? (0, 0)
            let be16 = { (v: Int) in [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
            let prvw = be32(0) + be16(1) + be16(size.width) + be16(size.height) + be16(1) + be32(UInt32(preview.count)) + preview
            out += box("uuid", canonPreview + [UInt8](repeating: 0, count: 8) + box("PRVW", prvw))
        }
        return out + box("mdat", [UInt8](repeating: 0x55, count: 64))
    }

    // MARK: The tags every format carries

    private static func camera(_ orientation: UInt16) -> [Entry] {
        [.ascii(0x010F, "TestMaker"), .ascii(0x0110, "RAW One"), .short(0x0112, [orientation]), .ascii(0x0132, "2023:05:06 10:00:00")]
    }

    /// The sensor data's IFD: full resolution (NewSubfileType 0), 12 bits, compressed.
    private static let sensorImage: [Entry] = [
        .long(0x00FE, [0]), .long(0x0100, [UInt32(sensor.width)]), .long(0x0101, [UInt32(sensor.height)]), .short(0x0102, [12]),
        .short(0x0103, [7]), .short(0x0106, [32803]), .pointer(0x0111, ["sensor"]), .short(0x0115, [1]),
        .long(0x0116, [UInt32(sensor.height)]), .length(0x0117, "sensor"),
    ]
    /// The size in Exif's pixel dimensions too: a CR2's size is read from there, a RAF's (its
    /// maker note's, which these files lack, else) as well.
    private static let exifIFD: [Entry] = [.ascii(0x9003, "2023:01:02 13:45:01"), .ascii(0x9011, "+02:00"),
                                           .long(0xA002, [UInt32(sensor.width)]), .long(0xA003, [UInt32(sensor.height)])]
    private static let gpsIFD: [Entry] = [.ascii(1, "N"), .rational(2, [(48, 1), (51, 1), (2880, 100)]),
                                          .ascii(3, "E"), .rational(4, [(2, 1), (17, 1), (4020, 100)])]

    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    // MARK: A little-endian TIFF with sub-IFDs and blobs

    /// An IFD entry; pointers and lengths name an IFD or blob of the layout.
    enum Entry {
        case raw(tag: UInt16, type: UInt16, count: Int, bytes: [UInt8])
        case pointer(UInt16, [String])
        case length(UInt16, String)

        static func short(_ tag: UInt16, _ v: [UInt16]) -> Entry { .raw(tag: tag, type: 3, count: v.count, bytes: v.flatMap(le16)) }
        static func long(_ tag: UInt16, _ v: [UInt32]) -> Entry { .raw(tag: tag, type: 4, count: v.count, bytes: v.flatMap(le32)) }
        static func byte(_ tag: UInt16, _ v: [UInt8]) -> Entry { .raw(tag: tag, type: 1, count: v.count, bytes: v) }
        static func undefined(_ tag: UInt16, _ v: [UInt8]) -> Entry { .raw(tag: tag, type: 7, count: v.count, bytes: v) }
        static func ascii(_ tag: UInt16, _ s: String) -> Entry {
            let bytes = Array(s.utf8) + [0]
            return .raw(tag: tag, type: 2, count: bytes.count, bytes: bytes)
        }
        static func rational(_ tag: UInt16, _ v: [(UInt32, UInt32)]) -> Entry {
            .raw(tag: tag, type: 5, count: v.count, bytes: v.flatMap { le32($0.0) + le32($0.1) })
        }

        /// The value's size in bytes.
        var byteCount: Int {
            switch self {
            case .raw(_, _, _, let bytes): return bytes.count
            case .pointer(_, let names): return 4 * names.count
            case .length: return 4
            }
        }

        var tag: UInt16 {
            switch self {
            case .raw(let tag, _, _, _), .pointer(let tag, _), .length(let tag, _): return tag
            }
        }
    }

    struct Layout {
        private var ifds: [(name: String, entries: [Entry])] = []
        private var blobs: [(name: String, bytes: [UInt8])] = []

        mutating func ifd(_ name: String, _ entries: [Entry]) { ifds.append((name, entries.sorted { $0.tag < $1.tag })) }
        mutating func blob(_ name: String, _ bytes: [UInt8]) { blobs.append((name, bytes)) }

        /// `header` (8 bytes or more; bytes 4…7 get the first IFD's offset), the IFDs, their
        /// long values, then the blobs.
        func build(header: [UInt8]) -> [UInt8] {
            var at: [String: Int] = [:], blobAt: [String: Int] = [:]
            var position = header.count
            for ifd in ifds {
                at[ifd.name] = position
                position += 2 + 12 * ifd.entries.count + 4
            }
            let valuesAt = position
            position += ifds.flatMap(\.entries).map(\.byteCount).filter { $0 > 4 }.reduce(0) { $0 + $1 + $1 % 2 }
            for blob in blobs {
                blobAt[blob.name] = position
                position += blob.bytes.count + blob.bytes.count % 2
            }
            var out = header
            out.replaceSubrange(4..<8, with: le32(UInt32(at[ifds[0].name]!)))
            var values: [UInt8] = []
            for ifd in ifds {
                out += le16(UInt16(ifd.entries.count))
                for entry in ifd.entries {
                    let (type, count, bytes): (UInt16, Int, [UInt8])
                    switch entry {
                    case .raw(_, let t, let c, let b): (type, count, bytes) = (t, c, b)
                    case .pointer(_, let names):
                        (type, count, bytes) = (4, names.count, names.flatMap { le32(UInt32(at[$0] ?? blobAt[$0]!)) })
                    case .length(_, let name): (type, count, bytes) = (4, 1, le32(UInt32(blobs.first { $0.name == name }!.bytes.count)))
                    }
                    out += le16(entry.tag) + le16(type) + le32(UInt32(count))
                    if bytes.count <= 4 {
                        out += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
                    } else {
                        out += le32(UInt32(valuesAt + values.count))
                        values += bytes + [UInt8](repeating: 0, count: bytes.count % 2)
                    }
                }
                out += le32(0)
            }
            out += values
            for blob in blobs { out += blob.bytes + [UInt8](repeating: 0, count: blob.bytes.count % 2) }
            return out
        }
    }
}

private func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
private func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
