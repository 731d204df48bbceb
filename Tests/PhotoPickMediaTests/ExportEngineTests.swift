import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import Synchronization
import XCTest

/// The engine around the pixels: names, folders, failures, videos, cancellation, and
/// workers that crash or stall.
final class ExportEngineTests: ExportTestCase {
    func testIntoTheOriginalsFolderNothingIsOverwritten() async throws {
        let a = try photo("a.jpg"), b = try photo("b.png", format: .png)
        try Data("taken".utf8).write(to: dir.url("a (2).jpg"))
        let taken = original(dir.path + "/a (2).jpg")
        let report = try await export([a, b, a], settings { $0.format = .jpeg; $0.directory = RawPath(dir.path) })
        // a's two exports take the next two free names (in pick order: ExportNamingOrderTests).
        XCTAssertEqual(report.outcomes[1].exportedPath?.lastComponent, "b.jpg")
        XCTAssertEqual(Set([0, 2].compactMap { report.outcomes[$0].exportedPath?.lastComponent }), ["a (3).jpg", "a (4).jpg"])
        XCTAssertEqual(names(in: dir.path), ["a (2).jpg", "a (3).jpg", "a (4).jpg", "a.jpg", "b.jpg", "b.png"])
        _ = taken  // tearDown checks a.jpg, b.png and the taken name are byte-identical
    }

    func testSameNamesFromTwoFoldersGetNamesOfTheirOwn() async throws {
        let one = try photo("one/IMG_1.jpg"), two = try photo("two/IMG_1.jpg")
        let report = try await export([one, two], settings())
        XCTAssertEqual(Set(report.outcomes.compactMap { $0.exportedPath?.lastComponent }), ["IMG_1.jpg", "IMG_1 (2).jpg"])
    }

    func testByteNamesAreKept() async throws {
        let name: [UInt8] = Array("caf".utf8) + [0xE9, 0x0A, 0xFF] + Array(".jpg".utf8)  // Latin-1 é, a newline, 0xFF
        let temp = dir.path + "/plain.jpg"
        try ImageFactory.write(temp, width: 64, height: 64, format: .jpeg)
        let source = RawPath(dir.path).appending(component: name)
        XCTAssertEqual(temp.withCString { from in source.withCString { rename(from, $0) } }, 0)
        let report = try await export([source], settings { $0.format = .png })
        let out = try XCTUnwrap(report.outcomes.first?.exportedPath)
        XCTAssertEqual(Array(out.lastComponentBytes), Array(name.dropLast(3)) + Array("png".utf8))
        XCTAssertEqual(out.withCString { access($0, F_OK) }, 0, "the export exists under that byte name")
    }

    func testPartialFailureExportsTheOthersAndSaysWhy() async throws {
        let good = try photo("good.jpg")
        let corrupt = dir.path + "/corrupt.jpg"
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: good.description))
        try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: corrupt))  // a truncated JPEG
        let text = dir.path + "/notes.jpg"
        try Data("not a photo at all".utf8).write(to: URL(fileURLWithPath: text))
        let vanished = RawPath(dir.path + "/vanished.jpg")
        let report = try await export([good, original(corrupt), vanished, original(text), good], settings())
        XCTAssertFalse(report.isComplete)
        XCTAssertEqual(report.outcomes.map { $0.exportedPath == nil }, [false, true, true, true, false])
        XCTAssertEqual(Set([0, 4].compactMap { report.outcomes[$0].exportedPath?.lastComponent }), ["good.jpg", "good (2).jpg"])
        let failures = errors(report).compactMap { $0 }
        guard failures.count == 3 else { return XCTFail("\(failures)") }
        // In libjpeg's words on libvips 8.14 ("Premature end of …"), in libvips' own on 8.16
        // ("premature end of JPEG image"): the cause, either way.
        guard case .failed(_, .convert, let cause?) = failures[0], cause.localizedCaseInsensitiveContains("premature end") else {
            return XCTFail("\(failures[0])")
        }
        XCTAssertEqual(failures[1], .unreadable(path: vanished, reason: .missing))
        XCTAssertEqual(failures[2], .unsupported(path: RawPath(text), type: nil))
        XCTAssertEqual(names(in: dir.path + "/out"), ["good (2).jpg", "good.jpg"], "no temporary file is left")
    }

    func testPrivateFolderUnderTheCacheIsMadeFreshAndPrivate() async throws {
        let a = try photo("a.jpg")
        var s = settings()
        s.directory = nil
        let first = try await export([a], s), second = try await export([a], s)
        let folders = [first, second].map { $0.outcomes[0].exportedPath!.parent }
        XCTAssertNotEqual(folders[0], folders[1], "a fresh folder per export")
        for folder in folders {
            XCTAssertEqual(folder.parent.description, dir.path + "/cache/photopick/exports")
            XCTAssertTrue(folder.lastComponent.hasPrefix("export-"))
            let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder.description)[.posixPermissions] as? Int)
            XCTAssertEqual(mode, 0o700)
        }
    }

    func testOldPrivateFoldersAreCleanedAtStartAndLiveOnesKept() async throws {
        let root = dir.path + "/cache/photopick/exports"
        for name in ["export-old", "export-new", "other-old"] {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/" + name + "/f.jpg"))
        }
        let eightDaysAgo = Date().addingTimeInterval(-8 * 86_400)
        for name in ["export-old", "other-old"] {
            try FileManager.default.setAttributes([.modificationDate: eightDaysAgo], ofItemAtPath: root + "/" + name)
        }
        var s = settings()
        s.directory = nil
        let report = try await export([try photo("a.jpg")], s)
        let made = try XCTUnwrap(report.outcomes[0].exportedPath).parent.lastComponent
        XCTAssertEqual(names(in: root), [made, "export-new", "other-old"].sorted(), "only photopick's old export folder goes")

        // A folder in use (its lock held) survives a clean of everything.
        let busy = try ExportFolder.makePrivate(under: RawPath(root))
        defer { close(busy.lock) }
        let removed = ExportFolder.clean(under: RawPath(root), olderThan: 0, now: Date().timeIntervalSince1970 + 10)
        XCTAssertEqual(Set(removed.map(\.lastComponent)), [made, "export-new"])
        XCTAssertEqual(names(in: root), [busy.folder.lastComponent, "other-old"].sorted())
    }

    func testVideosAreCopiedByteForByteAndRefusedForStripMetadata() async throws {
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (make deps installs it)") }
        let clip = dir.path + "/clip.mp4"
        let made = try ProcessRunner.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=5",
                                                  "-pix_fmt", "yuv420p", clip])
        XCTAssertEqual(made.status, 0, made.stderrText)
        let source = original(clip)
        let report = try await export([source], settings { $0.format = .jpeg; $0.maxSize = 64 })
        let out = try exported(report)
        XCTAssertTrue(out.hasSuffix("/clip.mp4"))
        XCTAssertEqual(FileManager.default.contents(atPath: out), FileManager.default.contents(atPath: clip))

        let stripped = try await export([source], settings { $0.stripMetadata = true })
        XCTAssertEqual(errors(stripped), [.videoNotCleaned(.allMetadata)], "a video is never 'stripped'")
    }

    /// Cancelled from the progress callback once the first file is done: no more than that
    /// one ever existed, and it is gone too, with every temporary file.
    func testCancellingRemovesEverythingItWrote() async throws {
        let sources = try (0..<12).map { try photo("p\($0).jpg", width: 2400, height: 1600) }
        for private_ in [false, true] {
            var s = settings { $0.format = .png }
            if private_ { s.directory = nil }
            let engine = engine(workers: 1)
            let seen = Mutex<[ExportProgress]>([])
            let holder = Mutex<Task<ExportReport, Error>?>(nil)
            let task = Task {
                try await engine.export(sources, settings: s) { progress in
                    seen.withLock { $0.append(progress) }
                    if progress.done >= 1 { holder.withLock { $0 }?.cancel() }
                }
            }
            holder.withLock { $0 = task }
            do {
                _ = try await task.value
                XCTFail("a cancelled export returned a report")
            } catch is CancellationError {
            }
            XCTAssertLessThan(seen.withLock { $0.filter { $0.current == nil }.count }, sources.count, "stopped early")
            if private_ {
                XCTAssertEqual(names(in: dir.path + "/cache/photopick/exports"), [], "the private folder goes with it")
            } else {
                XCTAssertEqual(names(in: dir.path + "/out"), [], "no export and no temporary file is left")
            }
        }
    }

    func testProgressCountsEveryFile() async throws {
        let sources = try (0..<4).map { try photo("p\($0).jpg") }
        let seen = Mutex<[ExportProgress]>([])
        _ = try await engine().export(sources, settings: settings()) { p in seen.withLock { $0.append(p) } }
        let all = seen.withLock { $0 }
        XCTAssertEqual(all.filter { $0.current != nil }.compactMap(\.current).sorted(), sources.sorted())
        XCTAssertEqual(all.filter { $0.current == nil }.map(\.done).sorted(), [1, 2, 3, 4])
        XCTAssertTrue(all.allSatisfy { $0.total == 4 })
    }

    /// A worker that dies or hangs costs its file, nothing else; the next file gets a new worker.
    func testCrashingAndStallingWorkersFailTheirFileAlone() async throws {
        let a = try photo("a.jpg"), b = try photo("b.jpg")
        let cases: [(String, String, MediaError.WorkerFailure)] = [("crash", "exit 3", .crashed(signal: false, code: 3)),
                                                                    ("stall", "exec sleep 30", .timedOut(seconds: 1))]
        for (name, body, expected) in cases {
            let script = dir.path + "/\(name).sh"
            try ExecutableScript.write("#!/bin/sh\nread line\n\(body)\n", to: script)
            let report = try await export([a, b], settings(), engine: engine(workers: 1, executable: script, timeLimit: 1))
            XCTAssertEqual(errors(report), [.worker(path: a, failure: expected), .worker(path: b, failure: expected)], name)
            XCTAssertEqual(names(in: dir.path + "/out"), [], "\(name): no temporary file is left")
        }
    }

    func testAFolderThatCannotBeMadeIsAnError() async throws {
        try Data("file".utf8).write(to: dir.url("blocker"))
        do {
            _ = try await export([try photo("a.jpg")], settings { $0.directory = RawPath(dir.path + "/blocker/sub") })
            XCTFail("exported into a folder under a file")
        } catch let failure as ExportFolder.Failure {
            XCTAssertTrue(failure.description.contains("cannot create the export folder"), failure.description)
        }
    }
}
