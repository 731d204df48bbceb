import Foundation
import PhotoPickCore
import PhotoPickMedia
import Synchronization
import TestSupport
import XCTest

/// The background cache writer: every thumbnail atomic, synced and complete; a folder synced
/// after its renames and before they count as written; one name written by many; a worker
/// killed mid-burst; a pool's shutdown that lets idle workers finish writing.
final class ThumbnailCacheWriterTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var cache: FreedesktopThumbnailCache!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        cache = FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails")
    }

    private func image(width: Int, height: Int, grey: UInt8 = 128) -> DecodedImage {
        DecodedImage(width: width, height: height, rowStride: width * 3, hasAlpha: false,
                     pixels: Data(repeating: grey, count: width * height * 3))
    }

    private func source(_ i: Int) -> ThumbnailSource {
        ThumbnailSource(uri: "file:///photos/p\(i).jpg", mtime: 1_700_000_000 + Int64(i), size: 1000 + Int64(i))
    }

    private func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testQueuedThumbnailsAreWrittenCompleteValidAndPrivate() throws {
        let writer = ThumbnailCacheWriter(cache: cache)
        defer { writer.stop() }
        for i in 0..<5 { writer.enqueue(image(width: 256, height: 170 + i), source: source(i), mimeType: "image/jpeg", size: .large) }
        writer.flush()
        for i in 0..<5 {
            let hit = try XCTUnwrap(cache.valid(source(i), atLeast: .large), "thumbnail \(i) is in the cache and valid")
            XCTAssertEqual(hit.size, .large)
            XCTAssertEqual(try mode(hit.path), 0o600)
            let back = try ImageDecoder().decode(RawPath(hit.path), fitting: 256)
            XCTAssertEqual([back.width, back.height], [256, 170 + i])
        }
        XCTAssertEqual(names(in: cache.root + "/large").count, 5, "five PNGs and no temporary file left")
    }

    func testAFolderIsSyncedOnceABurstAfterItsRenamesAndBeforeAnyCountsAsWritten() throws {
        let events = Locked<[ThumbnailCacheWriter.Event]>([])
        let firstRenamed = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let writer = ThumbnailCacheWriter(cache: cache) { event in
            let isFirst = events.withLock { list in
                list.append(event)
                return list.count == 1
            }
            // Hold the writer inside its first burst while five more jobs queue up behind it.
            if isFirst {
                firstRenamed.signal()
                release.wait()
            }
        }
        defer { writer.stop() }
        writer.enqueue(image(width: 64, height: 48), source: source(0), mimeType: "image/jpeg", size: .large)
        firstRenamed.wait()
        for i in 1...5 { writer.enqueue(image(width: 64, height: 48), source: source(i), mimeType: "image/jpeg", size: .large) }
        release.signal()
        writer.flush()

        let log = events.withLock { $0 }
        let folder = cache.root + "/large"
        XCTAssertEqual(log.filter { $0 == .folderSynced(folder) }.count, 2, "one folder sync per burst: the first file, then the five")
        for i in 0...5 {
            let path = cache.file(for: source(i), size: .large)
            let renamed = try XCTUnwrap(log.firstIndex(of: .renamed(path)))
            let written = try XCTUnwrap(log.firstIndex(of: .written(path)))
            let synced = try XCTUnwrap(log[renamed...].firstIndex(of: .folderSynced(folder)), "the folder is synced after \(i)'s rename")
            XCTAssertLessThan(synced, written, "\(i) counts as written only once its folder is synced")
        }
    }

    func testAFullQueueMakesTheNextThumbnailWaitForRoom() throws {
        let firstRenamed = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let events = Locked(0)
        let writer = ThumbnailCacheWriter(cache: cache) { _ in
            if events.withLock({ $0 += 1; return $0 }) == 1 {  // hold the writer in its first burst
                firstRenamed.signal()
                release.wait()
            }
        }
        defer { writer.stop() }
        let small = image(width: 8, height: 8)
        writer.enqueue(small, source: source(0), mimeType: "image/jpeg", size: .normal)
        firstRenamed.wait()
        let limit = ThumbnailCacheWriter.queueLimit
        for i in 1...limit { writer.enqueue(small, source: source(i), mimeType: "image/jpeg", size: .normal) }
        let extra = source(limit + 1), returned = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            writer.enqueue(small, source: extra, mimeType: "image/jpeg", size: .normal)
            returned.signal()
        }
        XCTAssertEqual(returned.wait(timeout: .now() + 0.5), .timedOut, "the queue is full: the extra one waits")
        release.signal()
        XCTAssertEqual(returned.wait(timeout: .now() + 60), .success, "room once the writer took the queue")
        writer.flush()
        XCTAssertEqual(names(in: cache.root + "/normal").count, limit + 2, "every thumbnail written, none dropped")
    }

    func testManyWritesOfOneNameLeaveOneCompleteThumbnail() throws {
        let writer = ThumbnailCacheWriter(cache: cache)
        defer { writer.stop() }
        let images = (0..<16).map { image(width: 100 + $0, height: 80, grey: UInt8($0 * 10)) }, one = source(7)
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            writer.enqueue(images[i], source: one, mimeType: "image/jpeg", size: .large)
        }
        writer.flush()
        XCTAssertEqual(names(in: cache.root + "/large"), [URL(fileURLWithPath: cache.file(for: source(7), size: .large)).lastPathComponent],
                       "one file, no temporary file left")
        let hit = try XCTUnwrap(cache.valid(source(7), atLeast: .large))
        let back = try ImageDecoder().decode(RawPath(hit.path), fitting: 256)
        XCTAssertTrue((100..<116).contains(back.width), "one of the writes, whole: \(back.width)×\(back.height)")
        XCTAssertEqual(back.height, 80)
    }

    func testTheServiceFindsItsOwnBackgroundWriteAtOnce() throws {
        let path = dir.path + "/photos/a.jpg"
        try ImageFactory.write(path, width: 640, height: 480, format: .jpeg)
        let service = ThumbnailService.writingInBackground(cache: cache)
        defer { service.writer?.stop() }
        XCTAssertEqual(try service.thumbnail(RawPath(path), mimeType: "image/jpeg", size: .large).1, .made)
        XCTAssertEqual(try service.thumbnail(RawPath(path), mimeType: "image/jpeg", size: .large).1, .cache,
                       "the second request waits for the first one's write, not for a second decode")
        XCTAssertNotNil(service.cached(RawPath(path), size: .large))
    }

    func testAnUnwritableCacheFailsQuietlyAndWaitersAreReleased() throws {
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: dir.path + "/file"))
        let events = Locked<[ThumbnailCacheWriter.Event]>([])
        let blocked = FreedesktopThumbnailCache(root: dir.path + "/file/thumbnails")
        let writer = ThumbnailCacheWriter(cache: blocked) { event in events.withLock { $0.append(event) } }
        defer { writer.stop() }
        writer.enqueue(image(width: 32, height: 32), source: source(1), mimeType: "image/jpeg", size: .normal)
        writer.waitUntilWritten(blocked.file(for: source(1), size: .normal))
        XCTAssertEqual(events.withLock { $0 }.first, .failed(blocked.file(for: source(1), size: .normal)))
        XCTAssertNil(blocked.valid(source(1), atLeast: .normal))
    }

    // MARK: In worker processes

    private func photos(_ count: Int, width: Int = 1200, height: Int = 800) throws -> [RawPath] {
        try (0..<count).map { i in
            let path = dir.path + "/photos/w\(i).jpg"
            try ImageFactory.write(path, width: width, height: height, format: .jpeg)
            return RawPath(path)
        }
    }

    private func workerPool(count: Int) throws -> ThumbnailWorkerPool {
        guard FileManager.default.isExecutableFile(atPath: Binaries.thumbnailer) else {
            throw XCTSkip("photopick-thumbnailer is not built beside the tests (swift build builds it)")
        }
        setenv("XDG_CACHE_HOME", dir.path + "/cache", 1)  // inherited by the workers
        return try ThumbnailWorkerPool(executable: Binaries.thumbnailer, count: count, timeout: 30)
    }

    func testShutdownLetsIdleWorkersFinishWritingWhatTheyMade() throws {
        let paths = try photos(6)
        let pool = try workerPool(count: 2)
        let done = expectation(description: "replies")
        done.expectedFulfillmentCount = paths.count
        for (i, path) in paths.enumerated() {
            pool.submit(WorkerRequest(id: UInt64(i + 1), kind: .full, side: 186, mimeType: "image/jpeg", path: path)) { _ in
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 120)
        pool.shutdown()
        pool.waitUntilStopped()
        for path in paths {
            let source = try XCTUnwrap(cache.source(for: path))
            XCTAssertNotNil(cache.valid(source, atLeast: .large), "\(path) was written before its worker ended")
        }
    }

    func testAWorkerKilledMidBurstLeavesOnlyCompleteThumbnails() throws {
        // The fifth is a big PNG (decoded in full, no DCT scaling): its decode outlasts the
        // moment the kill comes.
        var paths = try photos(12)
        let big = dir.path + "/photos/big.png"
        try ImageFactory.write(big, width: 5000, height: 4000, format: .png)
        paths[4] = RawPath(big)
        let pool = try workerPool(count: 1)
        let replies = Locked<[UInt64: String]>([:])
        let done = expectation(description: "replies")
        done.expectedFulfillmentCount = paths.count
        for (i, path) in paths.enumerated() {
            let request = WorkerRequest(id: UInt64(i + 1), kind: .full, side: 186, mimeType: i == 4 ? "image/png" : "image/jpeg",
                                        path: path)
            pool.submit(request) { reply in
                let count = replies.withLock { all in
                    all[reply.id] = (try? reply.result.get()).map { _ in "ok" } ?? "failed"
                    return all.count
                }
                // Right after the fourth reply the worker is writing what it made and decoding
                // the fifth: cancelling the fifth kills it (SIGKILL) in the middle of that.
                if count == 4 { DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { pool.cancel(5) } }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 300)
        pool.shutdown()  // the replacement worker writes what it made, then ends
        pool.waitUntilStopped()
        XCTAssertEqual(replies.withLock { $0[5] }, "failed", "the worker was killed while on the fifth photo")
        let folder = cache.root + "/large"
        let thumbnails = names(in: folder).filter { !$0.hasPrefix(".photopick-tmp-") }
        for name in thumbnails {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            XCTAssertEqual(Array(bytes.suffix(PNGTextChunks.iendChunk.count)), PNGTextChunks.iendChunk, "\(name) is whole")
            XCTAssertNoThrow(try ImageDecoder().decode(RawPath(folder + "/" + name), fitting: 256), "\(name) decodes")
        }
        XCTAssertGreaterThanOrEqual(thumbnails.count, 7, "the replacement worker wrote the seven it made")
    }
}

/// A value shared with the writer's and the pool's threads.
private final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
}
