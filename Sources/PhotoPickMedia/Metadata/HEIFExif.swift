internal import CMedia
import PhotoPickCore

/// A HEIF/AVIF Exif block read by exiv2 (through `gexiv2_metadata_from_app1_segment`), which
/// cannot open the container itself but reads the block as a JPEG's APP1 segment: "Exif\0\0"
/// then the TIFF structure. libheif hands the block out with a 4-byte big-endian offset from
/// the end of those 4 bytes to the TIFF header; some writers add "Exif\0\0" or pad, so the
/// header is looked for near the start too.
enum HEIFExif {
    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// What the block says; nil when it holds no TIFF structure exiv2 can read.
    static func findings(_ block: [UInt8]) -> MetadataFindings? {
        file(block)?.findings()
    }

    /// The block as exiv2 reads it; nil when it holds no TIFF structure exiv2 can read.
    static func file(_ block: [UInt8]) -> Exiv2File? {
        guard let start = tiffStart(block) else { return nil }
        return Exiv2File.open(app1: exifHeader + block[start...])
    }

    /// Where the TIFF header ("II*\0" or "MM\0*") begins.
    static func tiffStart(_ d: [UInt8]) -> Int? {
        func isTIFF(_ i: Int) -> Bool {
            guard i >= 0, i + 8 <= d.count else { return false }
            return (d[i] == 0x49 && d[i + 1] == 0x49 && d[i + 2] == 0x2A && d[i + 3] == 0)
                || (d[i] == 0x4D && d[i + 1] == 0x4D && d[i + 2] == 0 && d[i + 3] == 0x2A)
        }
        if isTIFF(0) { return 0 }
        if d.starts(with: exifHeader), isTIFF(6) { return 6 }
        if d.count >= 4 {
            let offset = Int(d[0]) << 24 | Int(d[1]) << 16 | Int(d[2]) << 8 | Int(d[3])
            if isTIFF(4 + offset) { return 4 + offset }
            if d.dropFirst(4).starts(with: exifHeader), isTIFF(10) { return 10 }
        }
        // Some writers pad differently: look a little further, not through the whole block.
        return (0..<min(d.count, 64)).first(where: isTIFF)
    }
}
