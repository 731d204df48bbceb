import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// The first pass the window asks for: a valid cached thumbnail is final at once; without
/// one, the embedded preview stands in; results are fitted to the tile.
final class ThumbnailQuickPassTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var service: ThumbnailService!

    override func setUp() {
        dir = TemporaryDirectory()
        service = ThumbnailService(cache: FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails"))
    }

    private func request(_ kind: WorkerRequest.Kind, _ path: String, side: Int) -> Result<(DecodedImage, ThumbnailOrigin), MediaError> {
        ThumbnailWorker.handle(WorkerRequest(id: 1, kind: kind, side: side, mimeType: "image/jpeg", path: RawPath(path)),
                               service: service)
    }

    func testQuickIsThePreviewUntilTheCacheHasTheThumbnailThenTheThumbnail() throws {
        let photo = dir.path + "/camera.jpg", thumb = dir.path + "/t.jpg"
        try ImageFactory.write(photo, width: 1200, height: 900, format: .jpeg)
        try ImageFactory.write(thumb, width: 160, height: 120, format: .jpeg, color: (10, 200, 10))
        try EmbeddedThumbnailWriter.embed(thumbnail: thumb, into: photo)

        let first = try request(.quick, photo, side: 186).get()
        XCTAssertEqual(first.1, .preview, "nothing cached yet: the EXIF preview")
        XCTAssertEqual([first.0.width, first.0.height], [160, 120], "smaller than the tile, and not blown up")

        XCTAssertEqual(try request(.full, photo, side: 186).get().1, .made)
        let again = try request(.quick, photo, side: 186).get()
        XCTAssertEqual(again.1, .cache, "the shared cache has it now: final in the first pass")
        XCTAssertEqual([again.0.width, again.0.height], [256, 192])
    }

    func testQuickWithNeitherIsAFailureSoTheFullPassFollows() throws {
        let photo = dir.path + "/plain.jpg"
        try ImageFactory.write(photo, width: 300, height: 200, format: .jpeg)
        XCTAssertThrowsError(try request(.quick, photo, side: 100).get())
    }

    func testThumbnailsAreFittedToSmallTiles() throws {
        let photo = dir.path + "/p.jpg"
        try ImageFactory.write(photo, width: 1200, height: 900, format: .jpeg)
        let (small, _) = try request(.full, photo, side: 48).get()
        XCTAssertEqual([small.width, small.height], [64, 48], "a 48-px cover needs 64×48, not the 128-px cache size")
        let (large, _) = try request(.full, photo, side: 186).get()
        XCTAssertEqual([large.width, large.height], [256, 192], "within a quarter of the tile: kept as cached")
        let cached = try XCTUnwrap(service.cache.valid(XCTUnwrap(service.cache.source(for: RawPath(photo))), atLeast: .normal))
        XCTAssertEqual(cached.size, .normal, "the cache keeps the standard size all the same")
    }
}
