import Foundation
import PhotoPickCore
import TestSupport
import XCTest

/// Nothing lost: two pickers at once over the hostile library, thumbnailing, scrolling and
/// picking, leave every file, folder and link exactly as it was (bytes, modes, times,
/// inodes), and leave the shared caches private, valid and consistent.
final class ReliabilityNothingLostTests: XCTestCase {
    func testTwoFullSessionsChangeNothingInTheLibraryAndKeepTheCachesSound() throws {
        let dir = TemporaryDirectory()
        let library = try HostileLibrary.make(in: dir)
        let before = try TreeFingerprint.take(library.root)
        XCTAssertGreaterThan(before.regularFileCount, library.manyCount)
        let cacheHome = dir.path + "/cache"
        let env = ["XDG_CACHE_HOME": cacheHome]

        let all = try PickerDriver(arguments: ["--format", "json", library.root.description], environment: env, readyWithin: 90)
        let names = try PickerDriver(arguments: ["--album", "names", library.root.description], environment: env, readyWithin: 90)
        // Both windows make thumbnails into the same cache, and update the same index.
        XCTAssertTrue(settles(cacheHome, within: 30), "thumbnailing did not settle")
        try names.press("space", "Right", "space", "Escape")
        try names.discardPicks()
        XCTAssertEqual(names.finish().status, 1)

        try focus(all)
        try all.press("Page_Down", "Page_Down", "Page_Down", "space", "Page_Down", "Page_Down", "space", "End", "space")
        XCTAssertTrue(settles(cacheHome, within: 30), "thumbnailing did not settle")
        try all.press("Return")
        let out = all.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(try OutputDecoder.paths(Array(out.stdout), format: .json).count, 3)

        let after = try TreeFingerprint.take(library.root)
        XCTAssertEqual(before.differences(from: after), [], "the library changed")

        XCTAssertGreaterThan(HostileThumbnails.count(cacheHome: cacheHome), library.oddNames.count)
        XCTAssertEqual(HostileThumbnails.privacyProblems(under: cacheHome + "/thumbnails"), [])
        XCTAssertEqual(HostileThumbnails.privacyProblems(under: cacheHome + "/photopick").filter { !$0.contains(".broken") }, [])
        XCTAssertEqual(HostileThumbnails.invalidThumbnails(cacheHome: cacheHome), [])
        if let sqlite = Binaries.which("sqlite3") {
            let check = try ProcessRunner.run(sqlite, [cacheHome + "/photopick/index.sqlite3", "PRAGMA integrity_check;"])
            XCTAssertEqual(check.stdoutText, "ok\n", check.stderrText)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheHome + "/photopick/index.sqlite3.broken"),
                       "two pickers at once made the index look corrupt")
    }

    /// Waits until the thumbnail cache stops growing for two seconds.
    private func settles(_ cacheHome: String, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var last = -1, stableSince = Date()
        while Date() < deadline {
            let count = HostileThumbnails.count(cacheHome: cacheHome)
            if count != last { last = count; stableSince = Date() }
            if count > 0, Date().timeIntervalSince(stableSince) >= 2 { return true }
            usleep(200_000)
        }
        return false
    }

    private func focus(_ picker: PickerDriver) throws {
        let out = try ProcessRunner.run("/usr/bin/env", ["xdotool", "windowactivate", "--sync", picker.windowID],
                                        environment: ["DISPLAY": picker.server.display, "PATH": "/usr/bin:/bin"], timeout: 10)
        if out.status != 0 {
            _ = try ProcessRunner.run("/usr/bin/env", ["xdotool", "windowfocus", "--sync", picker.windowID],
                                      environment: ["DISPLAY": picker.server.display, "PATH": "/usr/bin:/bin"], timeout: 10)
        }
        usleep(200_000)  // on purpose: the window's focus-in has no trace line to wait for
    }
}
