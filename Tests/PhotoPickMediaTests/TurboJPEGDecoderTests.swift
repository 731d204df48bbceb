import Foundation
@testable import PhotoPickMedia
import PhotoPickCore
import TestSupport
import XCTest

/// The TurboJPEG path gives what gdk-pixbuf's loader gives (within what fast upsampling and a
/// different DCT scaling factor may change), for every kind of JPEG a camera or editor writes,
/// with EXIF orientation applied; and it declines what it should leave to gdk-pixbuf (CMYK,
/// truncated, corrupt), so those decode, or fail, exactly as before.
final class TurboJPEGDecoderTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private let pixbuf = ImageDecoder(jpegPath: .gdkPixbuf)

    override func setUp() { dir = TemporaryDirectory() }

    /// A gradient with a green block in its top-left corner, so a wrong orientation shows.
    private func jpeg(_ name: String, _ width: Int, _ height: Int, _ options: [String] = []) throws -> RawPath {
        let path = dir.path + "/" + name
        try ProcessRunner.run("/usr/bin/env", ["convert", "-size", "\(width)x\(height)", "gradient:#d04020-#2060d0",
                                               "-fill", "#20c040", "-draw", "rectangle 0,0 \(width / 3),\(height / 4)"]
                                              + options + ["-quality", "92", path])
        return RawPath(path)
    }

    private func turbo(_ path: RawPath, fitting side: Int) throws -> DecodedImage? {
        try TurboJPEGDecoder.decode(path, maxPixels: ImageDecoder.defaultMaxPixels) { w, h in
            let scale = min(1.0, Double(side) / Double(max(w, h)))
            return (max(1, Int((Double(w) * scale).rounded())), max(1, Int((Double(h) * scale).rounded())))
        }
    }

    /// Same size, a mean difference of at most 3 levels a channel, and 98 % of the samples
    /// within 16 (edges may differ a little more: fast upsampling, another scaling factor).
    private func assertClose(_ a: DecodedImage, _ b: DecodedImage, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual([a.width, a.height, a.channels], [b.width, b.height, b.channels], what, file: file, line: line)
        guard a.width == b.width, a.height == b.height, a.channels == b.channels else { return }
        var total = 0, near = 0, count = 0
        for y in 0..<a.height {
            for x in 0..<(a.width * a.channels) {
                let d = abs(Int(a.pixels[y * a.rowStride + x]) - Int(b.pixels[y * b.rowStride + x]))
                total += d
                if d <= 16 { near += 1 }
                count += 1
            }
        }
        XCTAssertLessThanOrEqual(Double(total) / Double(count), 3, "\(what): mean difference", file: file, line: line)
        XCTAssertGreaterThanOrEqual(Double(near) / Double(count), 0.98, "\(what): samples within 16", file: file, line: line)
    }

    func testMatchesGdkPixbufForEachSubsamplingAndOddSizes() throws {
        for sampling in ["4:2:0", "4:2:2", "4:4:4"] {
            for (w, h) in [(301, 203), (203, 301), (97, 33)] {
                let path = try jpeg("s\(w)x\(h).jpg", w, h, ["-sampling-factor", sampling])
                for side in [40, 64, 200, 1000] {
                    let what = "\(sampling) \(w)×\(h) fitting \(side)"
                    let fast = try XCTUnwrap(try turbo(path, fitting: side), "\(what): TurboJPEG declined")
                    assertClose(fast, try pixbuf.decode(path, fitting: side), what)
                }
            }
        }
    }

    func testGrayscaleAndProgressiveMatchGdkPixbuf() throws {
        let gray = try jpeg("gray.jpg", 250, 170, ["-colorspace", "Gray"])
        let progressive = try jpeg("progressive.jpg", 250, 170, ["-interlace", "Plane"])
        for (path, what) in [(gray, "grayscale"), (progressive, "progressive")] {
            let fast = try XCTUnwrap(try turbo(path, fitting: 100), "\(what): TurboJPEG declined")
            XCTAssertEqual(fast.channels, 3, "\(what): RGB like gdk-pixbuf's")
            assertClose(fast, try pixbuf.decode(path, fitting: 100), what)
        }
    }

    func testCMYKIsLeftToGdkPixbuf() throws {
        let path = try jpeg("cmyk.jpg", 120, 80, ["-colorspace", "CMYK"])
        XCTAssertNil(try turbo(path, fitting: 64), "CMYK is declined")
        XCTAssertEqual(try ImageDecoder().decode(path, fitting: 64), try pixbuf.decode(path, fitting: 64),
                       "the product's decoder gives gdk-pixbuf's conversion")
    }

    func testEveryEXIFOrientationIsApplied() throws {
        for orientation in 1...8 {
            let path = try jpeg("o\(orientation).jpg", 301, 203)
            try ExifWriter.write(path.description, tags: [("Exif.Image.Orientation", "\(orientation)")])
            let bytes = try RawFiles.read(path.description)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { JPEGExifOrientation.value($0) }, orientation)
            let fast = try XCTUnwrap(try turbo(path, fitting: 150), "orientation \(orientation): TurboJPEG declined")
            XCTAssertEqual(fast.width > fast.height, orientation < 5, "orientation \(orientation): sides swapped from 5 on")
            assertClose(fast, try pixbuf.decode(path, fitting: 150), "orientation \(orientation)")
        }
    }

    func testTruncatedAndCorruptFilesDecodeOrFailExactlyAsGdkPixbufDoes() throws {
        let good = try RawFiles.read(try jpeg("good.jpg", 301, 203).description)
        var corrupt = good
        for i in stride(from: good.count / 3, to: good.count * 2 / 3, by: 97) { corrupt[i] = 0xFF }
        let cases: [(String, [UInt8])] = [
            ("truncated-half.jpg", Array(good[..<(good.count / 2)])),
            ("truncated-header.jpg", Array(good[..<40])),
            ("corrupt.jpg", corrupt),
            ("only-magic.jpg", [0xFF, 0xD8, 0xFF, 0xE0]),
            ("garbage.jpg", [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0x5A, count: 5000)),
        ]
        for (name, bytes) in cases {
            let path = RawPath(dir.path + "/" + name)
            try RawFiles.write(bytes, to: path)
            XCTAssertNil(try? turbo(path, fitting: 64), "\(name): declined by TurboJPEG")
            let product = Result { try ImageDecoder().decode(path, fitting: 64) }
            let reference = Result { try pixbuf.decode(path, fitting: 64) }
            switch (product, reference) {
            case (.success(let a), .success(let b)): XCTAssertEqual(a, b, name)
            case (.failure(let a), .failure(let b)): XCTAssertEqual(a as? MediaError, b as? MediaError, name)
            default: XCTFail("\(name): \(product) but gdk-pixbuf gave \(reference)")
            }
        }
    }

    func testTheScalingFactorIsTheSmallestThatCoversTheTarget() {
        XCTAssertTrue(TurboJPEGDecoder.scaledSize(width: 4000, height: 3000, covering: (256, 192)) == (500, 375))
        XCTAssertTrue(TurboJPEGDecoder.scaledSize(width: 301, height: 203, covering: (200, 135)) == (226, 153))
        XCTAssertTrue(TurboJPEGDecoder.scaledSize(width: 301, height: 203, covering: (301, 203)) == (301, 203))
        XCTAssertTrue(TurboJPEGDecoder.scaledSize(width: 10, height: 10, covering: (1, 1)) == (2, 2))
    }
}
