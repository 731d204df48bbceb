import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// What the cache calls valid is one rule (`FreedesktopThumbnailCache.valid`), for anyone asking
/// and for the decoder that shows a hit: a file no thumbnail of its size could be is neither.
final class ThumbnailCacheValidityTests: XCTestCase {
    func testAFileBiggerThanItsSizeAllowsIsNotValidForLookupOrTheDecoder() throws {
        let dir = TemporaryDirectory()
        let cache = FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails")
        let photo = dir.path + "/p.jpg"
        try ImageFactory.write(photo, width: 640, height: 480, format: .jpeg, color: (20, 140, 90))
        _ = try ThumbnailService(cache: cache).thumbnail(RawPath(photo), mimeType: "image/jpeg", size: .normal)
        let source = try XCTUnwrap(cache.source(for: RawPath(photo)))
        XCTAssertNotNil(cache.valid(source, atLeast: .normal), "valid as made")
        XCTAssertNotNil(CachedThumbnailDecoder.decode(source, atLeast: .normal, in: cache, fitting: 128))

        // A private ancillary chunk before IEND: keys and end intact, but more bytes than the
        // pixels of any normal thumbnail and its keys (128 × 128 × 4 + 1 MiB).
        let file = cache.file(for: source, size: .normal)
        var png = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: file)))
        let pad = 128 * 128 * 4 + (1 << 20)
        let length = [UInt8(pad >> 24 & 0xFF), UInt8(pad >> 16 & 0xFF), UInt8(pad >> 8 & 0xFF), UInt8(pad & 0xFF)]
        png.insert(contentsOf: length + Array("zpAd".utf8) + [UInt8](repeating: 0, count: pad) + [0, 0, 0, 0],
                   at: png.count - PNGTextChunks.iendChunk.count)
        try Data(png).write(to: URL(fileURLWithPath: file))
        XCTAssertNil(cache.valid(source, atLeast: .normal))
        XCTAssertNil(CachedThumbnailDecoder.decode(source, atLeast: .normal, in: cache, fitting: 128))
    }
}
