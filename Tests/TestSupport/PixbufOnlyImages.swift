import Foundation

/// Small valid images in formats gdk-pixbuf reads and the export worker's libvips does not
/// (BMP, TGA, XPM, XBM), written byte by byte: the top-left quarter one colour (red; black
/// in XBM, which has two) and the rest another (blue; white), so the row order shows.
public enum PixbufOnlyImages {
    public enum Format: String, CaseIterable { case bmp, tga, xpm, xbm }

    /// The colours an export of `format` must show: top-left quarter, rest.
    public static func colours(_ format: Format) -> (marker: (Int, Int, Int), rest: (Int, Int, Int)) {
        format == .xbm ? ((0, 0, 0), (255, 255, 255)) : ((255, 0, 0), (0, 0, 255))
    }

    public static func write(_ format: Format, to path: String, width: Int, height: Int) throws {
        let bytes: [UInt8]
        switch format {
        case .bmp: bytes = bmp(width, height)
        case .tga: bytes = tga(width, height)
        case .xpm: bytes = xpm(width, height)
        case .xbm: bytes = xbm(width, height)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    private static func isMarker(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Bool { x < width / 2 && y < height / 2 }

    private static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    private static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }

    /// Windows BMP, BITMAPINFOHEADER, 24 bits, rows bottom-up, each padded to 4 bytes.
    private static func bmp(_ width: Int, _ height: Int) -> [UInt8] {
        let row = (width * 3 + 3) / 4 * 4
        var pixels: [UInt8] = []
        for y in (0..<height).reversed() {
            for x in 0..<width { pixels += isMarker(x, y, width, height) ? [0, 0, 255] : [255, 0, 0] }  // BGR
            pixels += [UInt8](repeating: 0, count: row - width * 3)
        }
        let header: [UInt8] = Array("BM".utf8) + le32(54 + pixels.count) + le32(0) + le32(54)
        let info: [UInt8] = le32(40) + le32(width) + le32(height) + le16(1) + le16(24) + le32(0) + le32(pixels.count)
            + le32(2835) + le32(2835) + le32(0) + le32(0)
        return header + info + pixels
    }

    /// Truevision TGA, uncompressed true-colour (type 2), 24 bits, origin top-left.
    private static func tga(_ width: Int, _ height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0] + le16(0) + le16(0) + le16(width) + le16(height) + [24, 0x20]
        for y in 0..<height {
            for x in 0..<width { bytes += isMarker(x, y, width, height) ? [0, 0, 255] : [255, 0, 0] }  // BGR
        }
        return bytes
    }

    /// X PixMap: C source of strings, one character a pixel.
    private static func xpm(_ width: Int, _ height: Int) -> [UInt8] {
        var lines = ["/* XPM */", "static char *image[] = {", "\"\(width) \(height) 2 1\",", "\"r c #FF0000\",", "\"b c #0000FF\","]
        for y in 0..<height {
            let row = String((0..<width).map { isMarker($0, y, width, height) ? "r" : "b" })
            lines.append("\"\(row)\"" + (y == height - 1 ? "" : ","))
        }
        lines.append("};")
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// X BitMap: C source, a set bit (least significant first) is black.
    private static func xbm(_ width: Int, _ height: Int) -> [UInt8] {
        var values: [String] = []
        for y in 0..<height {
            for byteStart in stride(from: 0, to: width, by: 8) {
                var byte = 0
                for bit in 0..<8 where byteStart + bit < width && isMarker(byteStart + bit, y, width, height) { byte |= 1 << bit }
                values.append(String(format: "0x%02x", byte))
            }
        }
        let text = "#define image_width \(width)\n#define image_height \(height)\n"
            + "static unsigned char image_bits[] = {\n  \(values.joined(separator: ", "))\n};\n"
        return Array(text.utf8)
    }
}
