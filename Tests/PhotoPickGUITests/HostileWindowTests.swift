import Foundation
import PhotoPickCore
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The window over the hostile library: it opens, lists, previews what can be decoded,
/// refuses bombs, hands back odd names byte for byte, and keeps answering keys while every
/// decoder is stuck.
final class HostileWindowTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
    }

    /// Polls `condition` every 100 ms for up to `seconds`.
    private func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(100_000)
        }
        return condition()
    }

    func testTheHostileLibraryOpensAndOddNamesComeBackByteExact() throws {
        let library = try HostileLibrary.make(in: dir)
        let cacheHome = dir.path + "/cache"
        let env = ["XDG_CACHE_HOME": cacheHome]

        let picker = try PickerDriver(arguments: ["--album", "names", "--format", "json", library.root.description], environment: env,
                                      readyWithin: 90)
        // Previewed where decodable: every odd name gets a thumbnail while the window is open.
        let previewed = eventually(30) { library.oddNames.allSatisfy { HostileThumbnails.hasThumbnail($0, cacheHome: cacheHome) } }
        XCTAssertTrue(previewed, "missing thumbnails: \(library.oddNames.filter { !HostileThumbnails.hasThumbnail($0, cacheHome: cacheHome) }.map(\.bytes))")
        for _ in library.oddNames { try picker.press("space", "Right") }
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(try OutputDecoder.paths(Array(out.stdout), format: .json), library.oddNames)
        // One of the names is `$(touch pwned) `id` ; …`: no shell ever ran it.
        XCTAssertFalse(FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/pwned"))

        // The bombs: listed, refused from their headers (recorded as failures, quickly), and
        // the window still returns them when picked.
        let bombs = try PickerDriver(arguments: ["--album", "bombs", "--print0", library.root.description], environment: env,
                                     readyWithin: 90)
        let refused = eventually(15) { library.bombs.allSatisfy { HostileThumbnails.hasFailure($0, cacheHome: cacheHome) } }
        XCTAssertTrue(refused, "the bombs were not recorded as failures")
        try bombs.press("space", "Right", "space", "Return")
        let picked = bombs.finish()
        XCTAssertEqual(picked.status, 0, picked.stderrText)
        XCTAssertEqual(Set(try OutputDecoder.paths(Array(picked.stdout), format: .null)), Set(library.bombs))
    }

    /// Every thumbnail worker hangs (a stand-in worker that never answers): the window
    /// still becomes ready, answers keys and returns the picks at once; the stuck workers
    /// are killed at the time limit and replaced.
    func testTheWindowAnswersWhileEveryDecoderIsStuck() throws {
        let library = try HostileLibrary.make(in: dir, manyCount: 100, includeCorpus: false)
        let programs = TemporaryDirectory()
        let copy = programs.path + "/photopick"
        try FileManager.default.copyItem(atPath: Binaries.photopick, toPath: copy)
        let starts = programs.path + "/starts.log"
        let stuck = programs.path + "/photopick-thumbnailer"
        try Data("#!/bin/sh\necho $$ >> '\(starts)'\nexec sleep 600\n".utf8).write(to: URL(fileURLWithPath: stuck))
        chmod(stuck, 0o755)
        setenv("PHOTOPICK_BIN", copy, 1)
        defer { unsetenv("PHOTOPICK_BIN") }

        let picker = try PickerDriver(arguments: ["--album", "names", library.root.description],
                                      environment: ["XDG_CACHE_HOME": dir.path + "/cache"])
        func startCount() -> Int { ((try? String(contentsOfFile: starts, encoding: .utf8)) ?? "").split(separator: "\n").count }
        XCTAssertTrue(eventually(10) { startCount() > 0 }, "the stand-in workers started")
        let first = startCount()
        try picker.press("space", "Right", "Right", "space")
        // The pool's time limit is 10 s: the stuck workers are killed and replaced.
        XCTAssertTrue(eventually(20) { startCount() > first }, "stuck workers were not replaced (\(startCount()) starts)")
        try picker.press("Right", "space")
        let returned = Date()
        try picker.press("Return")
        let out = picker.finish(timeout: 10)
        XCTAssertLessThan(Date().timeIntervalSince(returned), 5, "the window waited for its decoders")
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(try OutputDecoder.paths(Array(out.stdout), format: .lines),
                       [library.oddNames[0], library.oddNames[2], library.oddNames[3]])
    }

    /// As nobody: the window opens on a library with a locked folder, an unsearchable one
    /// and an unreadable file (the window shows those in its problem banner), and returns a
    /// readable photo.
    func testTheWindowAsAnUnprivilegedUser() throws {
        if let reason = Unprivileged.unavailableReason { throw XCTSkip(reason) }
        let library = try HostileLibrary.make(in: dir, manyCount: 20, includeCorpus: false)
        let programs = TemporaryDirectory()
        let copy = try Unprivileged.installPrograms(in: programs)
        setenv("PHOTOPICK_BIN", copy, 1)
        defer { unsetenv("PHOTOPICK_BIN") }
        let cacheHome = try Unprivileged.writableFolder(in: dir, "cache")
        let config = try Unprivileged.writableFolder(in: dir, "config")
        let picker = try PickerDriver(arguments: ["--album", "names", library.root.description],
                                      environment: ["XDG_CACHE_HOME": cacheHome, "XDG_CONFIG_HOME": config, "HOME": "/nonexistent",
                                                    "XDG_RUNTIME_DIR": "", "DBUS_SESSION_BUS_ADDRESS": "disabled:"],
                                      launcher: Array([Unprivileged.setpriv] + Unprivileged.command(copy, []).1.dropLast()))
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(try OutputDecoder.paths(Array(out.stdout), format: .lines), [library.oddNames[0]])
    }
}
