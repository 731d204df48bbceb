import Foundation
import Glibc
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// A cache hit read once and decoded from memory: the same pixels the general decoder gives
/// for the cached PNG, and nothing for a thumbnail that is torn, stale, oversized for its
/// cache size, or not a PNG at all.
final class CachedThumbnailDecoderTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var cache: FreedesktopThumbnailCache!

    override func setUp() {
        dir = TemporaryDirectory()
        cache = FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails")
    }

    /// A photo whose `size` thumbnail is in the cache; returns its path and its source.
    private func cachedPhoto(_ name: String = "p.jpg", size: ThumbnailSize = .large) throws -> (String, ThumbnailSource) {
        let photo = dir.path + "/" + name
        try ImageFactory.write(photo, width: 640, height: 480, format: .jpeg, color: (200, 40, 90))
        _ = try ThumbnailService(cache: cache).thumbnail(RawPath(photo), mimeType: "image/jpeg", size: size)
        return (photo, try XCTUnwrap(cache.source(for: RawPath(photo))))
    }

    func testAHitGivesTheSamePixelsAsDecodingTheCachedFile() throws {
        let (_, source) = try cachedPhoto()
        let file = cache.file(for: source, size: .large)
        let hit = try XCTUnwrap(CachedThumbnailDecoder.decode(source, atLeast: .large, in: cache, fitting: 256))
        let general = try ImageDecoder().decode(RawPath(file), fitting: 256)
        XCTAssertEqual([hit.width, hit.height], [256, 192])
        XCTAssertEqual([hit.width, hit.height, hit.rowStride], [general.width, general.height, general.rowStride])
        XCTAssertEqual(hit.hasAlpha, general.hasAlpha)
        XCTAssertEqual(hit.pixels, general.pixels)
    }

    func testASmallerSizeIsServedFromALargerThumbnailScaledToFit() throws {
        let (_, source) = try cachedPhoto(size: .large)
        let hit = try XCTUnwrap(CachedThumbnailDecoder.decode(source, atLeast: .normal, in: cache, fitting: 128))
        XCTAssertEqual([hit.width, hit.height], [128, 96])
    }

    func testTheTileIsWhatAWorkersQuickPassAnswers() throws {
        let (photo, _) = try cachedPhoto()
        let tile = try XCTUnwrap(CachedThumbnailDecoder.tile(RawPath(photo), tileSide: 100, in: cache))
        let worker = try ThumbnailWorker.handle(WorkerRequest(id: 1, kind: .quick, side: 100, mimeType: "image/jpeg",
                                                              path: RawPath(photo)),
                                                service: ThumbnailService(cache: cache)).get()
        XCTAssertEqual(worker.1, .cache)
        XCTAssertEqual([tile.width, tile.height], [worker.0.width, worker.0.height])
        XCTAssertEqual(tile.pixels, worker.0.pixels)
    }

    func testAThumbnailOfAChangedFileIsNotAHit() throws {
        let (photo, _) = try cachedPhoto()
        try ImageFactory.setModified(photo, 1_600_000_000)
        let changed = try XCTUnwrap(cache.source(for: RawPath(photo)))
        XCTAssertNil(CachedThumbnailDecoder.decode(changed, atLeast: .large, in: cache, fitting: 256))
        XCTAssertNil(CachedThumbnailDecoder.tile(RawPath(photo), tileSide: 160, in: cache))
    }

    func testATornThumbnailIsNotAHit() throws {
        let (_, source) = try cachedPhoto()
        let file = cache.file(for: source, size: .large)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: file))
        try bytes.prefix(bytes.count - 40).write(to: URL(fileURLWithPath: file))
        XCTAssertNil(CachedThumbnailDecoder.decode(source, atLeast: .large, in: cache, fitting: 256))
    }

    /// A file in `normal/` whose header claims more than 128 pixels a side is refused before
    /// any pixel is decoded, even with valid keys (a planted or damaged cache).
    func testAThumbnailLargerThanItsCacheSizeIsRefused() throws {
        let (_, source) = try cachedPhoto(size: .large)
        let large = try XCTUnwrap(FileManager.default.contents(atPath: cache.file(for: source, size: .large)))
        try FileManager.default.createDirectory(atPath: cache.root + "/normal", withIntermediateDirectories: true)
        try large.write(to: URL(fileURLWithPath: cache.file(for: source, size: .normal)))
        try FileManager.default.removeItem(atPath: cache.file(for: source, size: .large))
        XCTAssertNil(CachedThumbnailDecoder.decode(source, atLeast: .normal, in: cache, fitting: 128))
    }

    func testBytesThatAreNotAPNGAreRefused() throws {
        let (_, source) = try cachedPhoto()
        let file = cache.file(for: source, size: .large)
        let png = try XCTUnwrap(FileManager.default.contents(atPath: file))
        var broken = png
        broken.replaceSubrange(12..<16, with: Array("IDAT".utf8))  // no header chunk first
        try broken.write(to: URL(fileURLWithPath: file))
        XCTAssertNil(CachedThumbnailDecoder.decode(source, atLeast: .large, in: cache, fitting: 256))
        var garbage = png
        garbage.replaceSubrange(40..<(png.count - 100), with: [UInt8](repeating: 0x5A, count: png.count - 140))
        try garbage.write(to: URL(fileURLWithPath: file))
        XCTAssertNil(CachedThumbnailDecoder.decode(source, atLeast: .large, in: cache, fitting: 256))
    }

    /// A FIFO where the thumbnail should be: refused at once, never waited on.
    func testAFIFOInTheCacheIsNotOpenedForAWait() throws {
        let (_, source) = try cachedPhoto()
        let file = cache.file(for: source, size: .large)
        try FileManager.default.removeItem(atPath: file)
        XCTAssertEqual(mkfifo(file, 0o600), 0)
        XCTAssertNil(CachedThumbnailDecoder.decode(source, atLeast: .large, in: cache, fitting: 256))
    }
}
