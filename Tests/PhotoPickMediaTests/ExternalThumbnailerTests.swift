import Foundation
import Glibc
import PhotoPickCore
import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest

/// Video thumbnails through the installed `.thumbnailer` entries: a real one
/// (ffmpegthumbnailer on a generated clip), and stand-ins that show the Exec line runs
/// without a shell and under a time limit.
final class ExternalThumbnailerTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() { dir = TemporaryDirectory() }

    private func service(_ registry: ThumbnailerRegistry, timeout: Double = 8) -> ThumbnailService {
        ThumbnailService(cache: FreedesktopThumbnailCache(root: dir.path + "/cache/thumbnails"),
                         external: ExternalThumbnailer(registry: registry, timeout: timeout))
    }

    /// A stand-in thumbnailer: a shell script (the script is the program; its Exec line is not shell).
    private func standIn(_ body: String, exec: (String) -> String) throws -> ThumbnailerRegistry {
        let program = dir.path + "/stand-in"
        try ExecutableScript.write("#!/bin/sh\n\(body)\n", to: program)
        return ThumbnailerRegistry(entries: [ThumbnailerEntry(name: "stand-in", tryExec: program, exec: exec(program),
                                                              mimeTypes: ["video/mp4"])])
    }

    func testFfmpegThumbnailerMakesAVideoThumbnailForTheSharedCache() throws {
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (make deps installs it)") }
        let registry = ThumbnailerRegistry.load()
        guard registry.entry(for: "video/mp4")?.name == "ffmpegthumbnailer" else {
            throw XCTSkip("ffmpegthumbnailer is not installed (make deps installs it)")
        }
        let clip = dir.path + "/clip with spaces.mp4"
        let made = try ProcessRunner.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=2:size=320x240:rate=10",
                                                  "-pix_fmt", "yuv420p", clip])
        XCTAssertEqual(made.status, 0)
        let service = service(registry)
        let (image, origin) = try service.thumbnail(RawPath(clip), mimeType: "video/mp4", size: .large)
        XCTAssertEqual(origin, .made)
        XCTAssertEqual(max(image.width, image.height), 256)
        let source = try XCTUnwrap(service.cache.source(for: RawPath(clip)))
        let hit = try XCTUnwrap(service.cache.valid(source, atLeast: .large), "stored with the standard's keys")
        XCTAssertEqual(hit.size, .large)
        XCTAssertEqual(try service.thumbnail(RawPath(clip), mimeType: "video/mp4", size: .large).1, .cache)
    }

    func testTheExecLineRunsWithoutAShell() throws {
        let log = dir.path + "/argv.txt"
        let registry = try standIn(#"for a in "$@"; do printf '%s\n' "$a" >> "\#(log)"; done; cp "\#(dir.path)/frame.png" "$3""#) {
            "\($0) --in %i %o --size=%s ';' '$(touch \(self.dir.path)/pwned)'"
        }
        try ImageFactory.write(dir.path + "/frame.png", width: 64, height: 48, format: .png)
        let clip = dir.path + "/$(touch pwned) `id`; a b.mp4"
        try Data("not really a video".utf8).write(to: URL(fileURLWithPath: clip))
        let (image, _) = try service(registry).thumbnail(RawPath(clip), mimeType: "video/mp4", size: .normal)
        XCTAssertEqual([image.width, image.height], [64, 48])
        let argv = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(argv.count, 6)
        XCTAssertEqual(argv[0], "--in")
        XCTAssertEqual(argv[1], clip, "the file name is one argument, untouched")
        XCTAssertEqual(argv[3], "--size=128")
        XCTAssertEqual(Array(argv[4...]), [";", "$(touch \(dir.path)/pwned)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/pwned"), "nothing was run by a shell")
    }

    /// A file name that is not UTF-8 reaches the thumbnailer as its own bytes for `%i`, one
    /// argument, not replaced by its URI or by U+FFFD.
    func testANonUTF8FileNameIsPassedAsItsOwnBytes() throws {
        let log = dir.path + "/argv.bin"
        let registry = try standIn(#"for a in "$@"; do printf '%s\0' "$a" >> "\#(log)"; done; cp "\#(dir.path)/frame.png" "$3""#) {
            "\($0) --in %i %o"
        }
        try ImageFactory.write(dir.path + "/frame.png", width: 64, height: 48, format: .png)
        let clip = RawPath(dir.path).appending(component: Array("caf".utf8) + [0xE9, 0x20, 0xFF] + Array(" x.mp4".utf8))
        XCTAssertNil(String(validating: clip.bytes, as: UTF8.self), "the test needs a name that is not UTF-8")
        try RawFiles.write(Array("not really a video".utf8), to: clip)
        let (image, _) = try service(registry).thumbnail(clip, mimeType: "video/mp4", size: .normal)
        XCTAssertEqual([image.width, image.height], [64, 48])
        let argv = try RawFiles.read(log).split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init)
        XCTAssertEqual(argv.count, 3, "\(argv)")
        XCTAssertEqual(argv.first, Array("--in".utf8))
        XCTAssertEqual(argv.dropFirst().first, clip.bytes, "the path's exact bytes")
    }

    /// At the time limit the thumbnailer is killed with whatever it started.
    func testAThumbnailerThatHangsIsStoppedWithItsHelpers() throws {
        let pidFile = dir.path + "/helper.pid"
        let registry = try standIn("sleep 30 & echo $! > '\(pidFile)'; wait") { "\($0) %u %o" }
        let clip = dir.path + "/slow.mp4"
        try Data("x".utf8).write(to: URL(fileURLWithPath: clip))
        XCTAssertThrowsError(try ExternalThumbnailer(registry: registry, timeout: 1).make(RawPath(clip), mimeType: "video/mp4", size: .normal))
        let helper = try XCTUnwrap(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        let deadline = Date().addingTimeInterval(5)
        while kill(helper, 0) == 0 && !isZombie(helper) && Date() < deadline { usleep(20_000) }
        XCTAssertTrue(kill(helper, 0) != 0 || isZombie(helper), "the thumbnailer's helper \(helper) is still running")
    }

    private func isZombie(_ pid: Int32) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: " ").dropFirst(2).first == "Z"
    }

    func testAThumbnailerThatHangsIsStoppedAndTheFileRecordedAsFailed() throws {
        let registry = try standIn("exec sleep 30") { "\($0) %u %o" }
        let clip = dir.path + "/slow.mp4"
        try Data("x".utf8).write(to: URL(fileURLWithPath: clip))
        let service = service(registry, timeout: 1)
        let start = Date()
        XCTAssertThrowsError(try service.thumbnail(RawPath(clip), mimeType: "video/mp4", size: .normal)) {
            guard case .thumbnailer(_, .timedOut(seconds: 1))? = $0 as? MediaError else { return XCTFail("\($0)") }
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertTrue(service.cache.hasFailed(try XCTUnwrap(service.cache.source(for: RawPath(clip)))))
    }

    func testAThumbnailerThatFailsOrWritesNothingIsAFailure() throws {
        let clip = dir.path + "/bad.mp4"
        try Data("x".utf8).write(to: URL(fileURLWithPath: clip))
        for body in ["exit 3", "exit 0"] {
            let registry = try standIn(body) { "\($0) %i %o" }
            XCTAssertThrowsError(try ExternalThumbnailer(registry: registry).make(RawPath(clip), mimeType: "video/mp4", size: .normal))
        }
    }
}
