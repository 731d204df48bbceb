import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// The preview's pool (one worker, `large` requests, newest wins): a decode that crashes,
/// hangs or is withdrawn costs that one request; the next is decoded by a fresh worker.
///
/// The worker is a stand-in whose first start misbehaves and whose later starts are the
/// real worker, so "the next request" is a real decode, not just an answer.
final class PreviewPoolTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var photo: RawPath!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        guard FileManager.default.isExecutableFile(atPath: Binaries.thumbnailer) else {
            throw XCTSkip("photopick-thumbnailer is not built beside the tests (swift build builds it)")
        }
        setenv("XDG_CACHE_HOME", dir.path + "/cache", 1)
        photo = RawPath(dir.path + "/photo.jpg")
        try ImageFactory.write(photo.description, width: 1200, height: 800, format: .jpeg)
    }

    /// A worker executable that runs `firstStart` (shell) the first time it is started, then
    /// carries on as the real worker; every later start is the real worker at once.
    private func worker(firstStart: String) throws -> String {
        let path = dir.path + "/worker.sh"
        let script = """
            #!/bin/sh
            if mkdir '\(dir.path)/started-once' 2>/dev/null; then
            \(firstStart)
            fi
            exec '\(Binaries.thumbnailer)' "$@"

            """
        try ExecutableScript.write(script, to: path)
        return path
    }

    private func pool(_ executable: String, timeout: Double = 30) throws -> ThumbnailWorkerPool {
        try ThumbnailWorkerPool(executable: executable, count: 1, timeout: timeout, memoryLimitMB: 2048)
    }

    private func large(_ id: UInt64, side: Int = 300) -> WorkerRequest {
        WorkerRequest(id: id, kind: .large, side: side, mimeType: "image/jpeg", path: photo)
    }

    private func waitFor(_ file: String, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !FileManager.default.fileExists(atPath: file) && Date() < deadline { usleep(20_000) }
        return FileManager.default.fileExists(atPath: file)
    }

    private static func isCancelled(_ error: Error) -> Bool {
        if case .worker(_, .cancelled)? = error as? MediaError { return true }
        return false
    }

    /// The next request after a lost one is decoded properly.
    private func assertDecodes(_ pool: ThumbnailWorkerPool, id: UInt64, within seconds: Double,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let started = Date()
        let (image, _) = try PoolReplies.collect(from: pool, [large(id)], test: self)[id].unwrap().result.get()
        XCTAssertEqual([image.width, image.height], [300, 200], file: file, line: line)
        XCTAssertLessThan(Date().timeIntervalSince(started), seconds, file: file, line: line)
    }

    func testACrashingDecodeCostsOnlyItsRequest() throws {
        let pool = try pool(try worker(firstStart: "read line; kill -SEGV $$"))
        defer { pool.shutdown(); pool.waitUntilStopped() }
        XCTAssertThrowsError(try PoolReplies.collect(from: pool, [large(1)], test: self)[1].unwrap().result.get()) {
            guard case .worker(_, .crashed(signal: true, code: 11))? = $0 as? MediaError else { return XCTFail("\($0)") }
        }
        try assertDecodes(pool, id: 2, within: 10)
    }

    func testAHangingDecodeIsKilledAtTheTimeLimit() throws {
        let pool = try pool(try worker(firstStart: "read line; exec sleep 1000"), timeout: 1)
        defer { pool.shutdown(); pool.waitUntilStopped() }
        XCTAssertThrowsError(try PoolReplies.collect(from: pool, [large(1)], test: self)[1].unwrap().result.get()) {
            guard case .worker(_, .timedOut)? = $0 as? MediaError else { return XCTFail("\($0)") }
        }
        try assertDecodes(pool, id: 2, within: 10)
    }

    /// Newest wins: a withdrawn request, waiting or stuck in a decode, is answered "cancelled"
    /// at once, and the next one does not wait for the 30-second limit.
    func testANewerRequestDoesNotWaitBehindAWithdrawnOne() throws {
        let reading = dir.path + "/reading"
        let pool = try pool(try worker(firstStart: "read line; touch '\(reading)'; exec sleep 1000"))
        defer { pool.shutdown(); pool.waitUntilStopped() }
        let replies = PoolReplies()
        let stuck = expectation(description: "the stuck request is answered")
        let waiting = expectation(description: "the waiting request is answered")
        pool.submit(large(1)) { replies.add($0); stuck.fulfill() }
        XCTAssertTrue(waitFor(reading), "the first worker took the request")
        pool.submit(large(2)) { replies.add($0); waiting.fulfill() }

        pool.cancel(2)
        wait(for: [waiting], timeout: 1)
        XCTAssertThrowsError(try replies[2].unwrap().result.get()) { XCTAssertTrue(Self.isCancelled($0), "\($0)") }
        XCTAssertNil(replies[1], "withdrawing the waiting request left the running one alone")

        pool.cancel(1)
        wait(for: [stuck], timeout: 1)
        XCTAssertThrowsError(try replies[1].unwrap().result.get()) { XCTAssertTrue(Self.isCancelled($0), "\($0)") }
        try assertDecodes(pool, id: 3, within: 10)
    }

    /// A worker that stops reading its requests (its pipe closed, as when it is killed just
    /// as a request is handed to it): the write fails, and no SIGPIPE ends the caller.
    func testAWorkerThatStoppedReadingCostsOneRequestNotTheCaller() throws {
        let closed = dir.path + "/closed"
        let pool = try pool(try worker(firstStart: "exec 0<&-; touch '\(closed)'; exec sleep 1000"))
        defer { pool.shutdown(); pool.waitUntilStopped() }
        XCTAssertTrue(waitFor(closed))
        XCTAssertThrowsError(try PoolReplies.collect(from: pool, [large(1)], test: self)[1].unwrap().result.get()) {
            guard case .worker(_, .pipeClosed)? = $0 as? MediaError else { return XCTFail("\($0)") }
        }
        try assertDecodes(pool, id: 2, within: 10)
    }
}
