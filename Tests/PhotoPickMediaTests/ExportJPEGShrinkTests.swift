import Foundation
import PhotoPickCore
@testable import PhotoPickConvert
import PhotoPickMedia
import TestSupport
import XCTest

/// A JPEG is decoded at the largest DCT scale that still covers the export's size (libvips
/// resizes the rest): the output is the size asked for, upright, whatever the scale.
final class ExportJPEGShrinkTests: ExportTestCase {
    func testTheScaleNeverGoesBelowTheTarget() {
        XCTAssertEqual(ImageExport.jpegShrink(longSide: 6000, target: 2048), 2, "24 MP to 2048: 3000 px decoded")
        XCTAssertEqual(ImageExport.jpegShrink(longSide: 4000, target: 2048), 1, "2000 px would be too small")
        XCTAssertEqual(ImageExport.jpegShrink(longSide: 4096, target: 2048), 2)
        XCTAssertEqual(ImageExport.jpegShrink(longSide: 8191, target: 2048), 2, "8191 / 4 < 2048")
        XCTAssertEqual(ImageExport.jpegShrink(longSide: 8000, target: 1000), 8)
        XCTAssertEqual(ImageExport.jpegShrink(longSide: 7999, target: 1000), 4, "7999 / 8 rounds either way: not trusted")
        XCTAssertEqual(ImageExport.jpegShrink(longSide: 500, target: 2048), 1, "never enlarged, never shrunk")
        XCTAssertEqual(ImageExport.jpegShrink(longSide: 6000, target: nil), 1, "no size asked: the whole image")
    }

    func testEveryOrientationIsUprightAtTheSizeAskedWhenDecodedSmaller() async throws {
        var sources: [RawPath] = []
        for orientation in 1...8 {
            let path = dir.path + "/o\(orientation).jpg"
            try ExportProbe.writeOriented(path, width: 480, height: 320, orientation: orientation)
            sources.append(original(path))
        }
        let report = try await export(sources, settings { $0.maxSize = 120 })  // decoded at 1/4: 120 × 80
        XCTAssertTrue(report.isComplete, "\(report.failures)")
        for (i, outcome) in report.outcomes.enumerated() {
            let path = try XCTUnwrap(outcome.exportedPath).description
            let image = try ExportProbe.pixels(path)
            XCTAssertEqual([image.width, image.height], [120, 80], "orientation \(i + 1): shown size")
            let topLeft = image.rgb(10, 10), topRight = image.rgb(110, 10), bottomLeft = image.rgb(10, 70)
            XCTAssertTrue(topLeft.r > 180 && topLeft.b < 80, "orientation \(i + 1): top-left is red, got \(topLeft)")
            XCTAssertTrue(topRight.b > 180 && topRight.r < 80, "orientation \(i + 1): top-right is blue, got \(topRight)")
            XCTAssertTrue(bottomLeft.b > 180 && bottomLeft.r < 80, "orientation \(i + 1): bottom-left is blue, got \(bottomLeft)")
            let orientation = try ExportProbe.tags(path)["Exif.Image.Orientation"]
            XCTAssertTrue(orientation == nil || orientation == "1", "orientation \(i + 1): tag now \(orientation ?? "none")")
        }
    }

    func testOddSizesKeepTheirShape() async throws {
        let wide = try photo("wide.jpg", width: 1001, height: 667), tall = try photo("tall.jpg", width: 333, height: 1999)
        let report = try await export([wide, tall], settings { $0.maxSize = 250 })
        let sizes = try report.outcomes.map { try ExportProbe.pixels(try XCTUnwrap($0.exportedPath).description) }
        XCTAssertEqual(sizes.map { max($0.width, $0.height) }, [250, 250])
        XCTAssertEqual(Double(sizes[0].height), 250 * 667 / 1001, accuracy: 1)
        XCTAssertEqual(Double(sizes[1].width), 250 * 333 / 1999, accuracy: 1)
    }

    func testATruncatedJPEGDecodedSmallerStillFails() async throws {
        let path = dir.path + "/cut.jpg"
        try ImageFactory.write(path, width: 1600, height: 1200, format: .jpeg)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        let report = try await export([original(path)], settings { $0.maxSize = 200 })
        // In libjpeg's words on libvips 8.14 ("Premature end of …"), in libvips' own on 8.16
        // ("premature end of JPEG image"): the cause, either way.
        guard case .failed(_, .convert, let cause?)? = errors(report).first, cause.localizedCaseInsensitiveContains("premature end") else {
            return XCTFail("a truncated JPEG was exported, or failed otherwise: \(report)")
        }
        XCTAssertEqual(names(in: dir.path + "/out"), [], "no temporary file is left")
    }
}
