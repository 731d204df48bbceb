import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// Thumbnails made in worker processes: results, the embedded-preview first pass, and
/// that a crashing or hanging worker costs one request, never the caller.
final class ThumbnailWorkerPoolTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        guard FileManager.default.isExecutableFile(atPath: Binaries.thumbnailer) else {
            throw XCTSkip("photopick-thumbnailer is not built beside the tests (swift build builds it)")
        }
    }

    /// Runs requests through a pool whose workers use a private thumbnail cache.
    private func run(_ requests: [WorkerRequest], executable: String = Binaries.thumbnailer,
                     timeout: Double = 20) throws -> [UInt64: WorkerReply] {
        setenv("XDG_CACHE_HOME", dir.path + "/cache", 1)  // inherited by the workers
        let pool = try ThumbnailWorkerPool(executable: executable, count: 2, timeout: timeout)
        defer { pool.shutdown(); pool.waitUntilStopped() }
        let box = ReplyBox()
        let done = expectation(description: "all replies")
        done.expectedFulfillmentCount = requests.count
        for request in requests {
            pool.submit(request) { reply in
                box.add(reply)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 120)
        return box.replies
    }

    private func photo(_ name: String, width: Int = 1200, height: Int = 800) throws -> RawPath {
        let path = dir.path + "/" + name
        try ImageFactory.write(path, width: width, height: height, format: .jpeg)
        return RawPath(path)
    }

    func testFullThumbnailsComeBackAtTheRightSize() throws {
        let paths = try (0..<6).map { try photo("p\($0).jpg") }
        let requests = paths.enumerated().map { WorkerRequest(id: UInt64($0 + 1), kind: .full, side: 186, mimeType: "image/jpeg", path: $1) }
        let replies = try run(requests)
        XCTAssertEqual(replies.count, 6)
        for reply in replies.values {
            let (image, origin) = try reply.result.get()
            XCTAssertEqual([image.width, image.height], [256, 171], "a 186-px tile gets a 'large' thumbnail")
            XCTAssertEqual(origin, .made)
        }
        // The same files again are served from the shared cache the workers filled.
        let again = try run(requests)
        XCTAssertEqual(Set(try again.values.map { try $0.result.get().1 }), [.cache])
    }

    func testEmbeddedPreviewIsTheFirstPassAndIsOriented() throws {
        let path = try photo("camera.jpg", width: 1200, height: 800)
        let thumb = dir.path + "/thumb.jpg"
        try ImageFactory.write(thumb, width: 160, height: 120, format: .jpeg, color: (10, 200, 10))
        try EmbeddedThumbnailWriter.embed(thumbnail: thumb, into: path.description, orientation: 6)
        let replies = try run([WorkerRequest(id: 1, kind: .preview, side: 100, mimeType: "image/jpeg", path: path)])
        let (image, origin) = try XCTUnwrap(replies[1]).result.get()
        XCTAssertEqual(origin, .preview)
        XCTAssertEqual([image.width, image.height], [100, 133], "rotated to portrait by orientation 6, shorter side 100")
        // ImageFactory paints the top-left quarter in the inverted colour (magenta here). Turned
        // clockwise for orientation 6, that corner is now top-right; bottom-left stays green.
        XCTAssertGreaterThan(Int(image.pixel(x: 10, y: 123)[1]), 150, "it is the embedded (green) preview")
        XCTAssertGreaterThan(Int(image.pixel(x: 90, y: 10)[0]), 150, "the marked corner turned to the top right")
        XCTAssertLessThan(Int(image.pixel(x: 10, y: 10)[0]), 100, "the top left is not the marked corner")
    }

    func testNoPreviewIsAFailureNotAHang() throws {
        let path = try photo("plain.jpg")
        let replies = try run([WorkerRequest(id: 9, kind: .preview, side: 100, mimeType: "image/jpeg", path: path)])
        XCTAssertThrowsError(try XCTUnwrap(replies[9]).result.get())
    }

    /// Camera RAW files decoded in the worker process: the full pass and the large preview
    /// are the embedded JPEG, turned; one without a preview comes back as that failure.
    func testRAWFilesAreTheirEmbeddedPreviewInTheWorker() throws {
        let jpeg = try photo("preview.jpg", width: 600, height: 400)
        let preview = try RawFiles.read(jpeg.description)
        var requests: [WorkerRequest] = []
        for (n, format) in [CameraRawWriter.Format.nef, .cr3, .raf].enumerated() {
            let path = dir.path + "/IMG_0001." + format.rawValue
            try CameraRawWriter.write(path, format: format, preview: preview, orientation: 6)
            requests += [WorkerRequest(id: UInt64(10 * n + 1), kind: .full, side: 186, mimeType: format.mimeType, path: RawPath(path)),
                         WorkerRequest(id: UInt64(10 * n + 2), kind: .large, side: 900, mimeType: format.mimeType, path: RawPath(path))]
        }
        let bare = RawPath(dir.path + "/bare.nef")
        try CameraRawWriter.write(bare.description, format: .nef, preview: nil)
        requests.append(WorkerRequest(id: 99, kind: .full, side: 186, mimeType: "image/x-nikon-nef", path: bare))
        let replies = try run(requests)
        for n in 0..<3 {
            let (full, _) = try XCTUnwrap(replies[UInt64(10 * n + 1)]).result.get()
            XCTAssertEqual([full.width, full.height], [171, 256], "request \(10 * n + 1): the preview, turned to portrait")
            let large = try XCTUnwrap(replies[UInt64(10 * n + 2)])
            let (image, _) = try large.result.get()
            XCTAssertEqual([image.width, image.height], [400, 600], "request \(10 * n + 2): never enlarged")
            XCTAssertEqual(large.sourceSize.map { [$0.width, $0.height] }, [600, 400], "the preview's size, as stored")
        }
        guard case .failure(let error) = try XCTUnwrap(replies[99]).result else { return XCTFail("a RAW without preview was thumbnailed") }
        XCTAssertEqual(error, .noPreview(path: bare, cacheChecked: false), "the reason crossed the pipe whole")
    }

    private func script(_ name: String, _ body: String) throws -> String {
        let path = dir.path + "/" + name
        try ExecutableScript.write("#!/bin/sh\n\(body)\n", to: path)
        return path
    }

    func testACrashingWorkerFailsOnlyItsRequest() throws {
        let crasher = try script("crash.sh", "read line; kill -SEGV $$")
        let path = try photo("x.jpg")
        let replies = try run((1...3).map { WorkerRequest(id: UInt64($0), kind: .full, side: 100, mimeType: "image/jpeg", path: path) },
                              executable: crasher)
        XCTAssertEqual(replies.count, 3, "every request is answered although every worker crashes")
        for reply in replies.values {
            XCTAssertThrowsError(try reply.result.get()) {
                guard case .worker(_, .crashed)? = $0 as? MediaError else { return XCTFail("\($0)") }
            }
        }
    }

    func testAHangingWorkerIsKilledAtTheTimeLimit() throws {
        let hanger = try script("hang.sh", "read line; exec sleep 1000")
        let path = try photo("y.jpg")
        let replies = try run([WorkerRequest(id: 1, kind: .full, side: 100, mimeType: "image/jpeg", path: path)],
                              executable: hanger, timeout: 1)
        XCTAssertThrowsError(try XCTUnwrap(replies[1]).result.get()) {
            XCTAssertEqual($0 as? MediaError, .worker(path: path, failure: .timedOut(seconds: 1)))
        }
    }

    func testHostileCorpusNeverStopsThePool() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus").path
        let root = ProcessInfo.processInfo.environment["PHOTOPICK_CORPUS"] ?? corpus
        var files: [String] = []
        for sub in ["decode-fail", "decode-modified"] {
            let folder = root + "/" + sub
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] { files.append(folder + "/" + name) }
        }
        guard !files.isEmpty else { throw XCTSkip("the shared corpus is not at \(root)") }
        let requests = files.sorted().enumerated().flatMap { i, f in
            [WorkerRequest(id: UInt64(2 * i + 1), kind: .full, side: 128, mimeType: "image/x-unknown", path: RawPath(f)),
             WorkerRequest(id: UInt64(2 * i + 2), kind: .preview, side: 128, mimeType: "image/jpeg", path: RawPath(f))]
        }
        let replies = try run(requests, timeout: 10)
        XCTAssertEqual(replies.count, requests.count, "every hostile file gets an answer")
    }
}

/// Replies collected from the pool's reader threads.
private final class ReplyBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [UInt64: WorkerReply] = [:]
    func add(_ reply: WorkerReply) { lock.lock(); stored[reply.id] = reply; lock.unlock() }
    var replies: [UInt64: WorkerReply] { lock.lock(); defer { lock.unlock() }; return stored }
}
