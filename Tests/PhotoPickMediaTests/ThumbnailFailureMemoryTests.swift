import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A thumbnail whose worker stalls (or crashes) is remembered as failed under the shared
/// cache's `fail/photopick-VERSION/`, with the file's URI and mtime: the same unchanged file
/// then fails at once without reaching a worker; a changed one is tried again.
final class ThumbnailFailureMemoryTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var photo: RawPath!
    private var cache: FreedesktopThumbnailCache!
    private var log: String!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        photo = RawPath(dir.path + "/stall.jpg")
        try ImageFactory.write(photo.description, width: 64, height: 48, format: .jpeg)
        try ImageFactory.setModified(photo.description, 1_700_000_000)
        cache = FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails")
        log = dir.path + "/requests.log"
    }

    /// A stand-in worker that logs each request it is given, then does what `then` says.
    private func worker(then: String) throws -> String {
        let path = dir.path + "/worker.sh"
        try ExecutableScript.write("#!/bin/sh\nread line; echo \"$line\" >> '\(log!)'\n\(then)\n", to: path)
        return path
    }

    private var requestsSeen: Int {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    private func full(_ id: UInt64) -> WorkerRequest {
        WorkerRequest(id: id, kind: .full, side: 128, mimeType: "image/jpeg", path: photo)
    }

    /// The request's failure (nil: it did not fail).
    private func reply(_ pool: ThumbnailWorkerPool, _ id: UInt64) throws -> MediaError? {
        let replies = try PoolReplies.collect(from: pool, [full(id)], test: self)
        guard case .failure(let error) = try replies[id].unwrap().result else { return nil }
        return error
    }

    /// The fail entry's text keys (there is exactly one).
    private func failEntry() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.failureFolder).filter { $0.hasSuffix(".png") }
        XCTAssertEqual(names.count, 1, "\(names)")
        let bytes = try RawFiles.read(cache.failureFolder + "/" + XCTUnwrap(names.first))
        return try XCTUnwrap(PNGTextChunks.parse(bytes))
    }

    func testAStallIsRememberedWithTheFilesMTime() throws {
        let pool = try ThumbnailWorkerPool(executable: worker(then: "exec sleep 1000"), count: 1, timeout: 1, failures: cache)
        defer { pool.shutdown(); pool.waitUntilStopped() }
        XCTAssertEqual(try reply(pool, 1), .worker(path: photo, failure: .timedOut(seconds: 1)))
        let texts = try failEntry()
        XCTAssertEqual(texts["Thumb::URI"], "file://" + photo.description)
        XCTAssertEqual(texts["Thumb::MTime"], "1700000000")

        XCTAssertEqual(try reply(pool, 2), .failedBefore(path: photo))
        XCTAssertEqual(requestsSeen, 1, "the unchanged file never reached a worker again")

        try ImageFactory.setModified(photo.description, 1_700_000_100)
        XCTAssertEqual(try reply(pool, 3), .worker(path: photo, failure: .timedOut(seconds: 1)), "a changed file is tried again")
        XCTAssertEqual(requestsSeen, 2)
        XCTAssertEqual(try failEntry()["Thumb::MTime"], "1700000100")
    }

    func testACrashOnAFileIsRememberedToo() throws {
        let pool = try ThumbnailWorkerPool(executable: worker(then: "kill -SEGV $$"), count: 1, timeout: 30, failures: cache)
        defer { pool.shutdown(); pool.waitUntilStopped() }
        guard case .worker(_, .crashed)? = try reply(pool, 1) else { return XCTFail("not a crash") }
        XCTAssertEqual(try failEntry()["Thumb::MTime"], "1700000000")
        XCTAssertEqual(try reply(pool, 2), .failedBefore(path: photo))
        XCTAssertEqual(requestsSeen, 1)
    }

    /// Withdrawn requests and a shutdown kill workers too, but say nothing about the file.
    func testACancelRemembersNothing() throws {
        let pool = try ThumbnailWorkerPool(executable: worker(then: "exec sleep 1000"), count: 1, timeout: 60, failures: cache)
        let replies = PoolReplies()
        let done = expectation(description: "cancelled")
        pool.submit(full(1)) { replies.add($0); done.fulfill() }
        for _ in 0..<3000 where requestsSeen == 0 { usleep(10_000) }  // until the worker has it
        XCTAssertEqual(requestsSeen, 1)
        pool.cancel(1)
        wait(for: [done], timeout: 30)
        pool.shutdown()
        pool.waitUntilStopped()
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache.failureFolder), "nothing recorded")
    }
}
