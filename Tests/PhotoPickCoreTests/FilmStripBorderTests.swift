@testable import PhotoPickCore
import XCTest

/// Recognising a video thumbnailer's film-strip border, on frames drawn here as
/// ffmpegthumbnailer draws them: a band of its own width down each side, a hole every
/// band-width (its 4-px tile for small thumbnails, rounded holes for larger ones).
final class FilmStripBorderTests: XCTestCase {
    /// An RGB image of `width` × `height`, every pixel `fill(x, y)`.
    private func image(_ width: Int, _ height: Int, _ fill: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let p = fill(x, y)
                bytes += [p.0, p.1, p.2]
            }
            bytes += [0, 0]  // rows padded, as gdk-pixbuf pads them
        }
        return bytes
    }

    private func band(of bytes: [UInt8], _ width: Int, _ height: Int) -> Int {
        bytes.withUnsafeBytes {
            FilmStripBorder.width(of: .init(bytes: $0, width: width, height: height, rowStride: width * 3 + 2, channels: 3))
        }
    }

    /// ffmpegthumbnailer's 4 × 4 tile (brightest channel), mirrored on the right.
    private let tile4: [[UInt8]] = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 107, 135, 55], [0, 159, 195, 82]]

    private func withBands(_ width: Int, _ height: Int, band: Int, content: @escaping (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        image(width, height) { x, y in
            let i = x < band ? x : width - 1 - x
            guard i < band else { return content(x, y) }
            let v: UInt8
            if band == 4 {
                v = self.tile4[y % 4][i]
            } else {  // a rounded hole in the middle of each band-square
                let cx = Double(band) / 2, cy = Double(band) / 2, r = Double(band) * 0.35
                let dx = Double(i) + 0.5 - cx, dy = Double(y % band) + 0.5 - cy
                v = dx * dx + dy * dy < r * r ? 240 : 0
            }
            return (v, v, v)
        }
    }

    private let portrait: (Int, Int) -> (UInt8, UInt8, UInt8) = { x, _ in x < 48 ? (250, 0, 0) : (0, 0, 250) }

    func testSmallAndLargeBandsAreFound() {
        XCTAssertEqual(band(of: withBands(96, 128, band: 4, content: portrait), 96, 128), 4)
        XCTAssertEqual(band(of: withBands(192, 256, band: 16, content: portrait), 192, 256), 16)
        XCTAssertEqual(band(of: withBands(384, 512, band: 32, content: portrait), 384, 512), 32)
    }

    func testDarkContentBesideTheBandIsNotTakenForIt() {
        // The band's outer columns are dark all the way down; so may the picture be.
        let dark: (Int, Int) -> (UInt8, UInt8, UInt8) = { x, y in x < 40 ? (5, 5, 5) : (200, 180, UInt8(y % 256)) }
        XCTAssertEqual(band(of: withBands(192, 256, band: 16, content: dark), 192, 256), 16)
    }

    func testPlainFramesHaveNone() {
        XCTAssertEqual(band(of: image(192, 256, portrait), 192, 256), 0, "no dark edge")
        // Black bars down both sides (a 4:3 film in a 16:9 frame): dark, but no holes.
        let pillarbox = image(256, 144) { x, y in x < 32 || x >= 224 ? (0, 0, 0) : (UInt8(x), 90, UInt8(y)) }
        XCTAssertEqual(band(of: pillarbox, 256, 144), 0)
        // A band on one side only.
        let one = withBands(192, 256, band: 16, content: portrait)
        var left = one
        for y in 0..<256 { for x in 176..<192 { for c in 0..<3 { left[y * (192 * 3 + 2) + x * 3 + c] = 0 } } }
        XCTAssertEqual(band(of: left, 192, 256), 0)
        // Stripes across a dark frame: periodic, but not with the period of the band's width.
        let stripes = image(192, 256) { x, y in x < 3 || x > 188 ? (0, 0, 0) : (y % 10 < 5 ? (0, 0, 0) : (220, 220, 220)) }
        XCTAssertEqual(band(of: stripes, 192, 256), 0)
    }

    func testTinyOrShortBuffersAreLeftAlone() {
        XCTAssertEqual(band(of: withBands(20, 40, band: 4, content: portrait), 20, 40), 0)
        let bytes = withBands(96, 128, band: 4, content: portrait)
        let short = bytes.withUnsafeBytes {
            FilmStripBorder.width(of: .init(bytes: UnsafeRawBufferPointer(rebasing: $0[..<1000]), width: 96, height: 128,
                                            rowStride: 96 * 3 + 2, channels: 3))
        }
        XCTAssertEqual(short, 0)
    }
}
