import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Decoding hostile files: bombs are refused from their header under a configurable pixel
/// cap, special files never block, broken and changing files cost one failed thumbnail,
/// and a corrupt cached thumbnail is remade rather than trusted.
final class HostileDecodeTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var jpeg: [UInt8] = []
    private var png: [UInt8] = []

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        try ImageFactory.write(dir.path + "/seed.jpg", width: 96, height: 64, format: .jpeg)
        try ImageFactory.write(dir.path + "/seed.png", width: 40, height: 30, format: .png)
        jpeg = try RawFiles.read(dir.path + "/seed.jpg")
        png = try RawFiles.read(dir.path + "/seed.png")
    }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> RawPath {
        let path = RawPath(dir.path + "/" + name)
        try RawFiles.write(bytes, to: path)
        return path
    }

    /// Asserts `body` throws a pixel-limit error, quickly (nothing was decoded).
    private func assertRefusedAsTooLarge(_ what: String, _ body: () throws -> Void) {
        let started = Date()
        XCTAssertThrowsError(try body(), what) {
            guard case .tooLarge? = $0 as? MediaError else { return XCTFail("\(what): \($0)") }
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "\(what) was refused from its header, not decoded")
    }

    func testAPNGBombIsRefusedFromItsHeader() throws {
        let bomb = try file("bomb.png", HostileImages.pngClaiming(width: 60_000, height: 60_000, from: png))
        let decoder = ImageDecoder()
        XCTAssertEqual(decoder.size(of: bomb)?.width, 60_000, "the header is readable")
        assertRefusedAsTooLarge("bomb.png") { _ = try decoder.decode(bomb, fitting: 256) }
        assertRefusedAsTooLarge("bomb.png") { _ = try decoder.decode(bomb, fitting: 128) }
    }

    func testAJPEGClaimingEnormousDimensionsIsRefused() throws {
        let huge = try file("huge.jpg", HostileImages.jpegClaiming(width: 65_000, height: 65_000, from: jpeg))
        XCTAssertEqual(JPEGFrameHeader.size(try RawFiles.read(huge.description))?.width, 65_000)
        assertRefusedAsTooLarge("huge.jpg") { _ = try ImageDecoder().decode(huge, fitting: 256) }
    }

    func testThePixelCapIsConfigurable() throws {
        XCTAssertEqual(ImageDecoder.maxPixels(environment: [:]), 100_000_000)
        XCTAssertEqual(ImageDecoder.maxPixels(environment: ["PHOTOPICK_MAX_PIXELS": "5000"]), 5000)
        for junk in ["", "0", "-3", "lots", "1e9"] {
            XCTAssertEqual(ImageDecoder.maxPixels(environment: ["PHOTOPICK_MAX_PIXELS": junk]), 100_000_000, junk)
        }
        let photo = try file("photo.jpg", jpeg)  // 96 × 64 = 6,144 pixels
        XCTAssertNoThrow(try ImageDecoder(maxPixels: 6144).decode(photo, fitting: 32))
        assertRefusedAsTooLarge("a photo over a small cap") { _ = try ImageDecoder(maxPixels: 6143).decode(photo, fitting: 32) }
        // A bomb just under a raised cap is let through to the decoder (which then fails on
        // the missing pixel data): the cap, not some other check, is what refused it above.
        let bomb = try file("bomb.png", HostileImages.pngClaiming(width: 600, height: 600, from: png))
        do {
            _ = try ImageDecoder(maxPixels: 360_000).decode(bomb, fitting: 64)  // gdk-pixbuf fills what is missing
        } catch {
            if case .tooLarge = error { XCTFail("\(error)") }
        }
    }

    func testWorkersReadTheCapFromTheEnvironment() throws {
        guard FileManager.default.isExecutableFile(atPath: Binaries.thumbnailer) else { throw XCTSkip("no thumbnailer built") }
        let photo = try file("photo.jpg", jpeg)
        setenv("XDG_CACHE_HOME", dir.path + "/cache", 1)
        setenv("PHOTOPICK_MAX_PIXELS", "1000", 1)
        defer { unsetenv("PHOTOPICK_MAX_PIXELS") }
        let pool = try ThumbnailWorkerPool(executable: Binaries.thumbnailer, count: 1, timeout: 20)
        defer { pool.shutdown(); pool.waitUntilStopped() }
        let reply = try XCTUnwrap(submit(pool, [WorkerRequest(id: 1, kind: .full, side: 64, mimeType: "image/jpeg", path: photo)])[1])
        XCTAssertThrowsError(try reply.result.get()) {
            guard case .tooLarge(_, _, _, .cap(1000))? = $0 as? MediaError else { return XCTFail("the worker's cap is 1000: \($0)") }
        }
    }

    func testABombIsRecordedAsFailedAndNotTriedAgain() throws {
        let bomb = try file("bomb.png", HostileImages.pngClaiming(width: 60_000, height: 60_000, from: png))
        let cache = FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails")
        let service = ThumbnailService(cache: cache)
        assertRefusedAsTooLarge("bomb.png") { _ = try service.thumbnail(bomb, mimeType: "image/png", size: .large) }
        XCTAssertTrue(cache.hasFailed(try XCTUnwrap(cache.source(for: bomb))))
        XCTAssertThrowsError(try service.thumbnail(bomb, mimeType: "image/png", size: .large)) {
            XCTAssertEqual($0 as? MediaError, .failedBefore(path: bomb))
        }
    }

    func testAnEmbeddedPreviewBombIsRefused() throws {
        let photo = dir.path + "/camera.jpg"
        try RawFiles.write(jpeg, to: RawPath(photo))
        let preview = dir.path + "/preview.jpg"
        try RawFiles.write(try HostileImages.jpegClaiming(width: 65_000, height: 65_000, from: jpeg), to: RawPath(preview))
        try EmbeddedThumbnailWriter.embed(thumbnail: preview, into: photo)
        let started = Date()
        XCTAssertNil(EmbeddedPreview.extract(RawPath(photo), minSide: 64))
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
        // The same photo with an honest preview gives one.
        try RawFiles.write(jpeg, to: RawPath(photo))
        try ImageFactory.write(preview, width: 160, height: 120, format: .jpeg)
        try EmbeddedThumbnailWriter.embed(thumbnail: preview, into: photo)
        XCTAssertNotNil(EmbeddedPreview.extract(RawPath(photo), minSide: 64))
    }

    func testSpecialFilesNeverBlockTheDecoderOrTheMetadataReader() throws {
        let fifo = dir.path + "/fifo.jpg"
        try RawFiles.makeFIFO(fifo)
        let socket = RawPath(dir.path + "/socket.jpg")
        try HostileLibrary.makeSocket(socket)
        for path in [RawPath(fifo), socket, RawPath("/dev/zero"), RawPath(dir.path)] {
            let started = Date()
            XCTAssertNil(ImageDecoder().size(of: path), "\(path)")
            XCTAssertThrowsError(try ImageDecoder().decode(path, fitting: 64), "\(path)")
            _ = Exiv2MetadataReader().metadata(for: path, mimeType: "image/jpeg", modified: 0)
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, "\(path) blocked")
        }
    }

    /// The file under a worker changes between requests: each request is answered (made
    /// anew, failed, or refused), none hangs, none crashes the pool.
    func testAFileChangingBetweenWorkerRequestsIsAnsweredEveryTime() throws {
        guard FileManager.default.isExecutableFile(atPath: Binaries.thumbnailer) else { throw XCTSkip("no thumbnailer built") }
        setenv("XDG_CACHE_HOME", dir.path + "/cache", 1)
        let path = try file("changing.jpg", jpeg)
        let pool = try ThumbnailWorkerPool(executable: Binaries.thumbnailer, count: 1, timeout: 20)
        defer { pool.shutdown(); pool.waitUntilStopped() }
        var id: UInt64 = 0
        func request() throws -> Result<(DecodedImage, ThumbnailOrigin), MediaError> {
            id += 1
            let started = Date()
            let reply = try XCTUnwrap(submit(pool, [WorkerRequest(id: id, kind: .full, side: 64, mimeType: "image/jpeg", path: path)])[id])
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, "request \(id) took the time limit: it hung")
            return reply.result
        }
        XCTAssertNoThrow(try request().get(), "the intact photo")
        truncate(path.description, off_t(jpeg.count / 2))
        _ = try request()  // a half JPEG: a partial image or an error, either way an answer
        truncate(path.description, 0)
        XCTAssertThrowsError(try request().get(), "empty")
        unlink(path.description)
        XCTAssertThrowsError(try request().get(), "deleted")
        try RawFiles.makeFIFO(path.description)
        XCTAssertThrowsError(try request().get(), "a FIFO")
        unlink(path.description)
        try RawFiles.write(try HostileImages.pngClaiming(width: 60_000, height: 60_000, from: png), to: path)
        XCTAssertThrowsError(try request().get()) { guard case .tooLarge? = $0 as? MediaError else { return XCTFail("\($0)") } }
        try RawFiles.write(jpeg + [0], to: path)  // a new size: the failure record no longer applies
        XCTAssertNoThrow(try request().get(), "restored")
    }

    /// A worker whose window is gone exits by itself, even when its input never ends (here a
    /// FIFO it holds open itself) or its decoder is stuck: no process is left behind.
    func testAWorkerDoesNotOutliveItsWindow() throws {
        guard FileManager.default.isExecutableFile(atPath: Binaries.thumbnailer) else { throw XCTSkip("no thumbnailer built") }
        let python = try XCTUnwrap(["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile))
        let fifo = dir.path + "/requests"
        try RawFiles.makeFIFO(fifo)
        // A parent that starts the worker as the pool does (with --parent) and exits at once;
        // close_fds keeps the worker from holding this test's descriptors.
        let script = """
            import os, subprocess, sys
            p = subprocess.Popen([sys.argv[1], "--parent", str(os.getpid())], stdin=os.open(sys.argv[2], os.O_RDWR),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=True)
            print(p.pid)
            """
        let parent = try ProcessRunner.run(python, ["-c", script, Binaries.thumbnailer, fifo], timeout: 20)
        let pid = try XCTUnwrap(Int32(parent.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)), parent.stderrText)
        defer { kill(pid, SIGKILL) }
        let deadline = Date().addingTimeInterval(5)
        while kill(pid, 0) == 0 && Date() < deadline { usleep(50_000) }
        // A zombie (exited, not yet reaped by init) counts as gone.
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
        XCTAssertTrue(kill(pid, 0) != 0 || state == "Z", "the orphaned worker \(pid) is still running")
    }

    func testACorruptCachedThumbnailIsRemadeNotTrusted() throws {
        let cache = FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails")
        let service = ThumbnailService(cache: cache)
        let photo = try file("photo.jpg", jpeg)
        let source = try XCTUnwrap(cache.source(for: photo))
        let thumbnail = cache.file(for: source, size: .large)
        XCTAssertEqual(try service.thumbnail(photo, mimeType: "image/jpeg", size: .large).1, .made)
        let good = try RawFiles.read(thumbnail)
        XCTAssertEqual(try service.thumbnail(photo, mimeType: "image/jpeg", size: .large).1, .cache)

        // Valid keys, broken pixels: cut in the middle of the image data.
        try RawFiles.write(Array(good.prefix(good.count - 40)), to: RawPath(thumbnail))
        XCTAssertEqual(try service.thumbnail(photo, mimeType: "image/jpeg", size: .large).1, .made, "a torn thumbnail")
        XCTAssertEqual(try RawFiles.read(thumbnail), good, "and it was replaced")

        // Valid keys, a bomb's header: refused by the cap, remade.
        try RawFiles.write(try HostileImages.pngClaiming(width: 60_000, height: 60_000, from: good), to: RawPath(thumbnail))
        XCTAssertEqual(try service.thumbnail(photo, mimeType: "image/jpeg", size: .large).1, .made, "a bomb in the cache")

        // Garbage.
        try RawFiles.write(Array(repeating: 0x41, count: 300), to: RawPath(thumbnail))
        XCTAssertEqual(try service.thumbnail(photo, mimeType: "image/jpeg", size: .large).1, .made, "garbage")
        XCTAssertEqual(HostileThumbnails.privacyProblems(under: dir.path + "/cache/thumbnails"), [])
    }

    func testTheHostileCorpusNeverCrashesTheDecoderInProcess() throws {
        // In this process, as the window's preview decodes: only what the pixel cap and
        // gdk-pixbuf let through, and nothing may crash.
        guard let root = HostileLibrary.sharedCorpus else {
            throw XCTSkip("../shared/corpus is not beside this checkout (set PHOTOPICK_CORPUS to run this)")
        }
        for sub in ["decode-fail", "decode-modified", "formats"] {
            // bug778584.gif is QTIF claiming 58,739 × 25,907: gdk-pixbuf's QTIF loader spends ~10 s
            // allocating before it reports the size. Workers refuse it at once (their memory limit).
            for name in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + sub)) ?? [] where name != "bug778584.gif" {
                let path = RawPath(root + "/" + sub + "/" + name)
                _ = try? ImageDecoder().decode(path, fitting: 256)
                _ = EmbeddedPreview.extract(path, minSide: 128)
            }
        }
    }

    private func submit(_ pool: ThumbnailWorkerPool, _ requests: [WorkerRequest]) throws -> [UInt64: WorkerReply] {
        let lock = NSLock()
        nonisolated(unsafe) var replies: [UInt64: WorkerReply] = [:]
        let done = expectation(description: "replies")
        done.expectedFulfillmentCount = requests.count
        for request in requests {
            pool.submit(request) { reply in
                lock.withLock { replies[reply.id] = reply }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 60)
        return lock.withLock { replies }
    }
}
