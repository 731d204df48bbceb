import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// The preview's `large` worker request: the same pixels the window's own decoder made,
/// upright, with the file's stored size; bombs and files already failed are refused; the
/// shared thumbnail cache is never written.
final class LargeRequestTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        guard FileManager.default.isExecutableFile(atPath: Binaries.thumbnailer) else {
            throw XCTSkip("photopick-thumbnailer is not built beside the tests (swift build builds it)")
        }
        setenv("XDG_CACHE_HOME", dir.path + "/cache", 1)  // inherited by the worker
    }

    private func ask(_ request: WorkerRequest) throws -> WorkerReply {
        let pool = try ThumbnailWorkerPool(executable: Binaries.thumbnailer, count: 1, timeout: 30, memoryLimitMB: 2048)
        defer { pool.shutdown(); pool.waitUntilStopped() }
        return try PoolReplies.collect(from: pool, [request], test: self)[request.id].unwrap()
    }

    private func large(_ path: RawPath, side: Int, id: UInt64 = 1) -> WorkerRequest {
        WorkerRequest(id: id, kind: .large, side: side, mimeType: "image/jpeg", path: path)
    }

    func testALargeRequestIsTheInProcessDecodeOrientedWithTheStoredSize() throws {
        let path = dir.path + "/turned.jpg"
        try ImageFactory.write(path, width: 1200, height: 800, format: .jpeg)
        try ExifWriter.write(path, tags: [("Exif.Image.Orientation", "6")])
        let reply = try ask(large(RawPath(path), side: 600))
        let (image, origin) = try reply.result.get()
        XCTAssertEqual(origin, .decoded)
        XCTAssertEqual([image.width, image.height], [400, 600], "turned upright by orientation 6, fitting 600")
        let expected = try ImageDecoder().decode(RawPath(path), fitting: 600)
        XCTAssertEqual(image, expected, "the same pixels as the window's own decoder makes")
        // ImageFactory marks the top-left quarter (red 55 where the rest is 200); turned
        // clockwise for orientation 6, that corner is now the top right.
        XCTAssertLessThan(Int(image.pixel(x: 300, y: 100)[0]), 100, "the marked corner turned to the top right")
        XCTAssertGreaterThan(Int(image.pixel(x: 100, y: 100)[0]), 150, "the top left is the plain colour")
        let stored = try XCTUnwrap(reply.sourceSize, "the reply carries the stored size")
        XCTAssertEqual([stored.width, stored.height], [1200, 800], "as stored, before orientation")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/cache/thumbnails"), "the cache was not written")
    }

    func testALargeRequestMayAskForMoreThanAThumbnailsSide() throws {
        XCTAssertNotNil(WorkerRequest(line: "1 large 20000 00 2f61"))
        XCTAssertNil(WorkerRequest(line: "1 full 20000 00 2f61"), "thumbnails keep their 4096 cap")
        XCTAssertNil(WorkerRequest(line: "1 large 70000 00 2f61"))
        let path = dir.path + "/wide.png"
        try ImageFactory.write(path, width: 300, height: 100, format: .png)
        let (image, _) = try ask(large(RawPath(path), side: 20000)).result.get()
        XCTAssertEqual([image.width, image.height], [300, 100], "never upscaled")
    }

    func testALargeRequestRefusesADecompressionBombFromItsHeader() throws {
        let seed = dir.path + "/seed.png"
        try ImageFactory.write(seed, width: 40, height: 30, format: .png)
        let bomb = RawPath(dir.path + "/bomb.png")
        try RawFiles.write(try HostileImages.pngClaiming(width: 60_000, height: 60_000, from: try RawFiles.read(seed)), to: bomb)
        let started = Date()
        XCTAssertThrowsError(try ask(large(bomb, side: 2048)).result.get()) {
            guard case .tooLarge? = $0 as? MediaError else { return XCTFail("\($0)") }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "refused from the header, not decoded")
    }

    func testAFileTheThumbnailersFailedOnIsNotDecodedAgain() throws {
        let path = RawPath(dir.path + "/failed.jpg")
        try ImageFactory.write(path.description, width: 64, height: 48, format: .jpeg)
        let cache = FreedesktopThumbnailCache.standard()
        try cache.recordFailure(try XCTUnwrap(cache.source(for: path)), mimeType: "image/jpeg")
        XCTAssertThrowsError(try ask(large(path, side: 256)).result.get()) {
            XCTAssertEqual($0 as? MediaError, .failedBefore(path: path))
        }
    }

    /// Every hostile file gets an answer from the preview's worker, quickly: among them the GIF
    /// whose loader spends ~10 s allocating when decoded in the window's own process.
    func testTheHostileCorpusIsAnsweredWithoutStoppingThePreviewWorker() throws {
        guard let root = HostileLibrary.sharedCorpus else {
            throw XCTSkip("../shared/corpus is not beside this checkout (set PHOTOPICK_CORPUS to run this)")
        }
        var files: [String] = []
        for sub in ["decode-fail", "decode-modified", "formats"] {
            let folder = root + "/" + sub
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] { files.append(folder + "/" + name) }
        }
        let requests = files.sorted().enumerated().map { large(RawPath($1), side: 2048, id: UInt64($0 + 1)) }
        let pool = try ThumbnailWorkerPool(executable: Binaries.thumbnailer, count: 1, timeout: 30, memoryLimitMB: 2048)
        defer { pool.shutdown(); pool.waitUntilStopped() }
        let slow = requests.first { $0.path.lastComponent == "bug778584.gif" }
        let started = Date()
        let replies = try PoolReplies.collect(from: pool, requests, test: self, timeout: 300)
        XCTAssertEqual(replies.count, requests.count, "every hostile file gets an answer")
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        if let slow {
            XCTAssertThrowsError(try replies[slow.id].unwrap().result.get(), "the 58,739 × 25,907 GIF is refused")
        }
    }
}

/// Replies collected from a pool's reader threads.
final class PoolReplies: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [UInt64: WorkerReply] = [:]

    func add(_ reply: WorkerReply) { lock.withLock { stored[reply.id] = reply } }
    subscript(id: UInt64) -> WorkerReply? { lock.withLock { stored[id] } }
    var count: Int { lock.withLock { stored.count } }

    /// Submits `requests` and waits for every reply.
    static func collect(from pool: ThumbnailWorkerPool, _ requests: [WorkerRequest], test: XCTestCase,
                        timeout: Double = 60) throws -> PoolReplies {
        let replies = PoolReplies()
        let done = test.expectation(description: "replies")
        done.expectedFulfillmentCount = max(1, requests.count)
        for request in requests {
            pool.submit(request) { reply in
                replies.add(reply)
                done.fulfill()
            }
        }
        test.wait(for: [done], timeout: timeout)
        return replies
    }
}

extension Optional where Wrapped == WorkerReply {
    func unwrap() throws -> WorkerReply { try XCTUnwrap(self, "no reply") }
}
