import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// Thumbnails are written without syncing their data (`FreedesktopThumbnailCache.store`), so
/// a power loss can leave one at its name empty, cut short, or with a block that never reached
/// the disk (zeros). None of them is a hit: the cache does not call it valid, the service
/// makes the thumbnail again from the photo, and the new one replaces the damaged file.
final class ThumbnailAfterPowerLossTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var cache: FreedesktopThumbnailCache!
    private var photo: RawPath!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        cache = FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails")
        let path = dir.path + "/p.jpg"
        try ImageFactory.write(path, width: 640, height: 480, format: .jpeg, color: (200, 60, 30))
        photo = RawPath(path)
    }

    /// Makes the photo's large thumbnail, damages its file with `damage`, and checks the
    /// damaged file is no hit and is made again whole.
    private func checkMadeAgain(after damage: ([UInt8]) -> [UInt8], _ what: String) throws {
        let service = ThumbnailService(cache: cache)
        let source = try XCTUnwrap(cache.source(for: photo))
        let file = cache.file(for: source, size: .large)
        try? FileManager.default.removeItem(atPath: file)
        let (first, origin) = try service.thumbnail(photo, mimeType: "image/jpeg", size: .large)
        XCTAssertEqual(origin, .made)
        let whole = try XCTUnwrap(FileManager.default.contents(atPath: file).map { [UInt8]($0) })
        XCTAssertEqual(try service.thumbnail(photo, mimeType: "image/jpeg", size: .large).1, .cache, "a hit as written")

        try Data(damage(whole)).write(to: URL(fileURLWithPath: file))
        XCTAssertNil(CachedThumbnailDecoder.decode(source, atLeast: .large, in: cache, fitting: 256), "\(what): not shown")

        let (again, originAgain) = try service.thumbnail(photo, mimeType: "image/jpeg", size: .large)
        XCTAssertEqual(originAgain, .made, "\(what): made again from the photo")
        XCTAssertEqual([again.width, again.height], [first.width, first.height])
        XCTAssertEqual(again.pixels, first.pixels)
        XCTAssertEqual(FileManager.default.contents(atPath: file).map { [UInt8]($0) }, whole, "\(what): replaced whole")
        XCTAssertEqual(try service.thumbnail(photo, mimeType: "image/jpeg", size: .large).1, .cache)
    }

    func testAnEmptyThumbnailIsNotValidAndIsMadeAgain() throws {
        try checkMadeAgain(after: { _ in [] }, "empty")
        let source = try XCTUnwrap(cache.source(for: photo))
        try Data().write(to: URL(fileURLWithPath: cache.file(for: source, size: .large)))
        XCTAssertNil(cache.valid(source, atLeast: .large))
    }

    func testAThumbnailCutShortIsNotValidAndIsMadeAgain() throws {
        try checkMadeAgain(after: { Array($0.prefix($0.count / 2)) }, "first half")
        try checkMadeAgain(after: { Array($0.dropLast()) }, "one byte short")
        let source = try XCTUnwrap(cache.source(for: photo))
        let file = cache.file(for: source, size: .large)
        let whole = try XCTUnwrap(FileManager.default.contents(atPath: file))
        try whole.prefix(whole.count - 1).write(to: URL(fileURLWithPath: file))
        XCTAssertNil(cache.valid(source, atLeast: .large))
    }

    func testAThumbnailWithABlockOfZerosIsNotShownAndIsMadeAgain() throws {
        // Its length and its end are right (the size and the last block reached the disk), but
        // a block of its pixel data did not: the middle third of the image data is zeros.
        try checkMadeAgain(after: { bytes in
            var torn = bytes
            let type = Array("IDAT".utf8)
            guard let at = (8..<bytes.count - 4).first(where: { bytes[$0..<$0 + 4].elementsEqual(type) }) else { return [] }
            let length = bytes[at - 4..<at].reduce(0) { $0 << 8 | Int($1) }
            let range = at + 4 + length / 3..<at + 4 + 2 * length / 3
            XCTAssertFalse(range.isEmpty)
            torn.replaceSubrange(range, with: repeatElement(0, count: range.count))
            return torn
        }, "a block of zeros")
    }
}
