import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// The thumbnails photopick writes (its own PNG encoder): valid PNGs that gdk-pixbuf reads
/// back pixel for pixel, with the standard's keys where both photopick's header parser and
/// gdk-pixbuf find them, whole (ending in IEND), whatever the size, stride or alpha.
final class ThumbnailPNGTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
    }

    private let source = ThumbnailSource(uri: "file:///photos/caf%C3%A9%20%231.jpg", mtime: 1_700_000_123, size: 4_321_987)

    /// Pixels that defeat any shortcut: a pseudo-random pattern, with `padding` bytes of
    /// garbage after each row that must not show up in the PNG.
    private func image(width: Int, height: Int, alpha: Bool, padding: Int = 0, seed: UInt32 = 1) -> DecodedImage {
        let channels = alpha ? 4 : 3, stride = width * channels + padding
        var state = seed
        var bytes = [UInt8](repeating: 0, count: stride * height)
        for i in bytes.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes[i] = UInt8(truncatingIfNeeded: state >> 24)
        }
        return DecodedImage(width: width, height: height, rowStride: stride, hasAlpha: alpha, pixels: Data(bytes))
    }

    /// `image`'s pixels with each row's padding left out.
    private func tight(_ image: DecodedImage) -> [UInt8] {
        let rowBytes = image.width * image.channels
        return (0..<image.height).flatMap { y in Array(image.pixels[(y * image.rowStride)..<(y * image.rowStride + rowBytes)]) }
    }

    private func write(_ png: [UInt8], _ name: String) throws -> String {
        let path = dir.path + "/" + name
        try Data(png).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testGdkPixbufReadsBackEveryPixelWithAndWithoutAlpha() throws {
        let cases = [(256, 192, false, 0), (192, 256, true, 0), (37, 23, false, 5), (23, 37, true, 12), (1, 1, false, 0),
                     (1, 1, true, 3), (300, 1, false, 0), (1, 300, true, 0)]
        for (i, (width, height, alpha, padding)) in cases.enumerated() {
            let original = image(width: width, height: height, alpha: alpha, padding: padding, seed: UInt32(i + 1))
            let png = try ThumbnailEncoder.png(of: original, source: source, mimeType: "image/jpeg")
            let path = try write(png, "\(i).png")
            let back = try RawImageLoader.load(path, width: width, height: height)
            XCTAssertEqual([back.width, back.height], [width, height], "case \(i): size")
            XCTAssertEqual(back.hasAlpha, alpha, "case \(i): alpha")
            XCTAssertEqual(tight(back), tight(original), "case \(i): every pixel comes back exactly")
        }
    }

    func testTheStandardKeysAreWhereBothReadersFindThem() throws {
        let png = try ThumbnailEncoder.png(of: image(width: 256, height: 170, alpha: false), source: source,
                                           mimeType: "image/jpeg")
        XCTAssertEqual(Array(png.suffix(PNGTextChunks.iendChunk.count)), PNGTextChunks.iendChunk, "ends with IEND")
        let expected = ["Thumb::URI": source.uri, "Thumb::MTime": "1700000123", "Thumb::Size": "4321987",
                        "Thumb::Mimetype": "image/jpeg", "Software": "\(FreedesktopThumbnailCache.software) \(FreedesktopThumbnailCache.version)"]
        let parsed = try XCTUnwrap(PNGTextChunks.parse(png), "photopick's own header parser reads it")
        XCTAssertEqual(parsed, expected)
        XCTAssertTrue(source.isDescribed(by: parsed), "the thumbnail is valid for its source")
        let path = try write(png, "keys.png")
        XCTAssertEqual(try PixbufTexts.read(path, keys: Array(expected.keys)), expected, "gdk-pixbuf reads the same keys")
        // The keys come before the pixels: a lookup reading the file's first bytes finds them.
        let header = Array(png.prefix(1024))
        XCTAssertEqual(PNGTextChunks.parse(header), expected)
    }

    func testAValueLatin1CannotHoldIsLeftOutAndTheRestKept() throws {
        let png = try ThumbnailEncoder.png(of: image(width: 8, height: 8, alpha: false), source: source, mimeType: "image/x-写真")
        let parsed = try XCTUnwrap(PNGTextChunks.parse(png))
        XCTAssertNil(parsed["Thumb::Mimetype"], "a tEXt chunk is Latin-1: this value cannot be written as one")
        XCTAssertEqual(parsed["Thumb::URI"], source.uri)
        XCTAssertNoThrow(try RawImageLoader.load(try write(png, "mime.png"), width: 8, height: 8))
    }

    func testImpossibleSizesAreRefusedNotEncoded() {
        let short = DecodedImage(width: 10, height: 10, rowStride: 30, hasAlpha: false, pixels: Data(count: 299))
        XCTAssertThrowsError(try ThumbnailEncoder.png(of: short, source: source, mimeType: "image/jpeg"), "one byte short")
        let empty = DecodedImage(width: 0, height: 5, rowStride: 0, hasAlpha: false, pixels: Data())
        XCTAssertThrowsError(try ThumbnailEncoder.png(of: empty, source: source, mimeType: "image/jpeg"))
        let narrowStride = DecodedImage(width: 10, height: 2, rowStride: 20, hasAlpha: false, pixels: Data(count: 60))
        XCTAssertThrowsError(try ThumbnailEncoder.png(of: narrowStride, source: source, mimeType: "image/jpeg"))
    }

    func testAThumbnailTheWriterStoredIsValidForGdkPixbufAndTheCache() throws {
        let cache = FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails")
        let writer = ThumbnailCacheWriter(cache: cache)
        defer { writer.stop() }
        let original = image(width: 256, height: 171, alpha: false)
        writer.enqueue(original, source: source, mimeType: "image/jpeg", size: .large)
        writer.flush()
        let hit = try XCTUnwrap(cache.valid(source, atLeast: .large), "valid in the cache")
        XCTAssertEqual(hit.path, cache.file(for: source, size: .large))
        XCTAssertEqual(try PixbufTexts.read(hit.path, keys: ["Thumb::URI", "Thumb::MTime", "Thumb::Size"]),
                       ["Thumb::URI": source.uri, "Thumb::MTime": "1700000123", "Thumb::Size": "4321987"])
        XCTAssertEqual(tight(try RawImageLoader.load(hit.path, width: 256, height: 171)), tight(original))
    }
}
