import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

final class ImageDecoderTests: XCTestCase {
    private let decoder = ImageDecoder()
    private let color: (UInt8, UInt8, UInt8) = (200, 60, 40)
    private var plain: [UInt8] { [color.0, color.1, color.2] }
    private var inverted: [UInt8] { [255 - color.0, 255 - color.1, 255 - color.2] }

    private func image(_ dir: TemporaryDirectory, _ name: String, _ width: Int, _ height: Int,
                       _ format: ImageFactory.Format = .jpeg) throws -> RawPath {
        let path = dir.path + "/" + name
        try ImageFactory.write(path, width: width, height: height, format: format, color: color)
        return RawPath(path)
    }

    // MARK: Sizes

    func testNeverUpscales() throws {
        let dir = TemporaryDirectory()
        let path = try image(dir, "l.jpg", 320, 240)
        let bigFit = try decoder.decode(path, fitting: 1000)
        XCTAssertEqual([bigFit.width, bigFit.height], [320, 240])
        let exact = try decoder.decode(path, fitting: 320)
        XCTAssertEqual([exact.width, exact.height], [320, 240])
    }

    func testFitting() throws {
        let dir = TemporaryDirectory()
        let l = try decoder.decode(try image(dir, "l.jpg", 320, 240), fitting: 100)
        XCTAssertEqual([l.width, l.height], [100, 75])
        let p = try decoder.decode(try image(dir, "p.png", 240, 320, .png), fitting: 100)
        XCTAssertEqual([p.width, p.height], [75, 100])
        let thin = try decoder.decode(try image(dir, "thin.png", 400, 2, .png), fitting: 100)
        XCTAssertEqual([thin.width, thin.height], [100, 1], "a side never rounds to zero")
    }

    func testStoredSizeFromTheHeader() throws {
        let dir = TemporaryDirectory()
        let path = try image(dir, "l.jpg", 320, 240)
        let size = try XCTUnwrap(decoder.size(of: path))
        XCTAssertEqual([size.width, size.height], [320, 240])
        XCTAssertNil(decoder.size(of: RawPath(dir.path + "/missing.jpg")))
    }

    func testPixelBufferLayout() throws {
        let dir = TemporaryDirectory()
        let decoded = try decoder.decode(try image(dir, "l.jpg", 320, 240), fitting: 160)
        XCTAssertFalse(decoded.hasAlpha)
        XCTAssertEqual(decoded.channels, 3)
        XCTAssertEqual(decoded.rowStride, 160 * 3)
        XCTAssertEqual(decoded.pixels.count, 160 * 3 * 120)
    }

    // MARK: Failures

    func testTextFileThrowsMediaError() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/notes.jpg"
        try Data("just text, not a photo\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try decoder.decode(RawPath(path), fitting: 100)) { error in
            guard let error = error as? MediaError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.path, RawPath(path), "the error names the file: \(error)")
            XCTAssertTrue(error.description.contains("notes.jpg"), "and so does its description: \(error)")
        }
    }

    func testMissingAndEmptyFilesThrow() throws {
        let dir = TemporaryDirectory()
        XCTAssertThrowsError(try decoder.decode(RawPath(dir.path + "/missing.jpg"), fitting: 100)) {
            XCTAssertTrue($0 is MediaError)
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: dir.path + "/empty.jpg", contents: Data()))
        XCTAssertThrowsError(try decoder.decode(RawPath(dir.path + "/empty.jpg"), fitting: 100)) {
            XCTAssertTrue($0 is MediaError)
        }
    }

    // MARK: Pixels

    func testPixelContentJPEG() throws {
        let dir = TemporaryDirectory()
        let decoded = try decoder.decode(try image(dir, "l.jpg", 320, 240), fitting: 320)
        // ImageFactory paints the top-left quarter in the inverted colour.
        for (x, y) in [(40, 30), (80, 60), (120, 90)] {
            XCTAssertTrue(ImageComparison.close(decoded.pixel(x: x, y: y), inverted, tolerance: 16), "(\(x),\(y)) \(decoded.pixel(x: x, y: y))")
        }
        for (x, y) in [(240, 60), (80, 180), (240, 180), (310, 230)] {
            XCTAssertTrue(ImageComparison.close(decoded.pixel(x: x, y: y), plain, tolerance: 16), "(\(x),\(y)) \(decoded.pixel(x: x, y: y))")
        }
    }

    func testPixelContentPNGIsExact() throws {
        let dir = TemporaryDirectory()
        let decoded = try decoder.decode(try image(dir, "l.png", 320, 240, .png), fitting: 320)
        XCTAssertEqual(decoded.pixel(x: 0, y: 0), inverted)
        XCTAssertEqual(decoded.pixel(x: 159, y: 119), inverted)
        XCTAssertEqual(decoded.pixel(x: 160, y: 119), plain)
        XCTAssertEqual(decoded.pixel(x: 159, y: 120), plain)
        XCTAssertEqual(decoded.pixel(x: 319, y: 239), plain)
    }

    func testPixelContentSurvivesScaling() throws {
        let dir = TemporaryDirectory()
        let decoded = try decoder.decode(try image(dir, "l.jpg", 320, 240), fitting: 80)
        XCTAssertEqual([decoded.width, decoded.height], [80, 60])
        XCTAssertTrue(ImageComparison.close(decoded.pixel(x: 20, y: 15), inverted, tolerance: 16), "\(decoded.pixel(x: 20, y: 15))")
        XCTAssertTrue(ImageComparison.close(decoded.pixel(x: 60, y: 45), plain, tolerance: 16), "\(decoded.pixel(x: 60, y: 45))")
        XCTAssertTrue(ImageComparison.close(decoded.pixel(x: 60, y: 15), plain, tolerance: 16), "\(decoded.pixel(x: 60, y: 15))")
    }

    func testDecodesAFileWithAnInvalidUTF8Name() throws {
        let dir = TemporaryDirectory()
        let source = try image(dir, "source.png", 32, 16, .png)
        let path = RawPath(dir.path).appending(component: Array("we\nird".utf8) + [0xFF] + Array(".png".utf8))
        try RawFiles.write(try RawFiles.read(source.description), to: path)
        let decoded = try decoder.decode(path, fitting: 32)
        XCTAssertEqual([decoded.width, decoded.height], [32, 16])
        XCTAssertEqual(decoded.pixel(x: 0, y: 0), inverted)
    }

    // MARK: EXIF orientation (shared corpus)

    /// `$PHOTOPICK_CORPUS/orientation`, or `../shared/corpus/orientation` beside the package.
    private func orientationCorpus() throws -> String {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["PHOTOPICK_CORPUS"], !env.isEmpty {
            candidates += [env + "/orientation", env]
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.deletingLastPathComponent().appendingPathComponent("shared/corpus/orientation").path)
        guard let dir = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/Landscape_1.jpg") }) else {
            throw XCTSkip("orientation corpus not found (looked in \(candidates.joined(separator: ", "))); set PHOTOPICK_CORPUS")
        }
        return dir
    }

    /// Orientation 1 is the reference; every other value must decode to the same picture,
    /// while the stored pixels (for 2…8) must look clearly different from it.
    private func checkOrientations(_ prefix: String, landscape: Bool) throws {
        let dir = try orientationCorpus()
        let reference = try decoder.decode(RawPath("\(dir)/\(prefix)_1.jpg"), fitting: 180)
        XCTAssertEqual(reference.width > reference.height, landscape)
        for n in 0...8 {
            let path = "\(dir)/\(prefix)_\(n).jpg"
            let decoded = try decoder.decode(RawPath(path), fitting: 180)
            XCTAssertEqual([decoded.width, decoded.height], [reference.width, reference.height], "\(prefix)_\(n) is upright")
            XCTAssertEqual(decoded.width > decoded.height, landscape, "\(prefix)_\(n)")
            let difference = ImageComparison.meanAbsoluteDifference(decoded, reference)
            XCTAssertLessThan(difference, Self.sameThreshold, "\(prefix)_\(n) looks like \(prefix)_1")

            let stored = try XCTUnwrap(RawImageLoader.storedSize(path))
            let scale = 180.0 / Double(max(stored.width, stored.height))
            let raw = try RawImageLoader.load(path, width: Int((Double(stored.width) * scale).rounded()),
                                              height: Int((Double(stored.height) * scale).rounded()))
            let rawDifference = ImageComparison.meanAbsoluteDifference(raw, reference)
            if n >= 2 {
                XCTAssertGreaterThan(rawDifference, Self.differentThreshold,
                                     "\(prefix)_\(n): the stored pixels must differ, or this test proves nothing")
            }
        }
    }

    // Measured on the corpus at 180 px: upright decodes differ from the reference by < 1
    // (only the printed digit changes), wrongly oriented pixels by 38 or more.
    private static let sameThreshold = 6.0
    private static let differentThreshold = 20.0

    func testLandscapeOrientations() throws {
        try checkOrientations("Landscape", landscape: true)
    }

    func testPortraitOrientations() throws {
        try checkOrientations("Portrait", landscape: false)
    }

    func testFittingUsesTheUprightShape() throws {
        let dir = try orientationCorpus()
        for n in [5, 6, 7, 8] {  // stored rotated by 90°: 1200×1800 for a landscape picture
            let decoded = try decoder.decode(RawPath("\(dir)/Landscape_\(n).jpg"), fitting: 150)
            XCTAssertEqual([decoded.width, decoded.height], [150, 100], "Landscape_\(n)")
        }
    }
}
