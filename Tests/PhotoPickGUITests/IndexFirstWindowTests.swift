import Foundation
import TestSupport
import XCTest

/// A warm reopen: the window shows the library as the index last saw it, then the disk's
/// differences arrive as live changes; a pick whose file vanished afterwards is refused at
/// Done with the reason.
final class IndexFirstWindowTests: XCTestCase {
    func testAReopenShowsTheIndexThenTheDifferencesAndRefusesAVanishedPickAtDone() throws {
        let dir = TemporaryDirectory()
        let library = try SampleLibrary.make(in: dir)
        // The fixture's cache (its fontconfig cache spares a slow start); the library's folder
        // is new, so no other test's listing is for it.
        let environment = ["PHOTOPICK_TRACE": "1"]

        // The first open lists the disk and records the listing in the index.
        do {
            let picker = try PickerDriver(arguments: [library.root], environment: environment)
            XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasPrefix("photopick-trace ") && $0.hasSuffix(" index-recorded 7") } },
                          picker.process.stderrSoFar)
            XCTAssertEqual(picker.traceCount(" library-from-index"), 0, "nothing to start from the first time")
            try picker.press("Escape")
            XCTAssertEqual(picker.finish().status, 1)
        }

        // While it is closed, the newest photo is deleted and a newer one is added.
        try FileManager.default.removeItem(atPath: library.newestFirst[0])
        let fresh = library.root + "/2024/Trip/just-taken.jpg"
        try ImageFactory.write(fresh, width: 320, height: 240, format: .jpeg)

        let picker = try PickerDriver(arguments: [library.root], environment: environment)
        // Ready is announced once the reconcile is applied: both marks are there by now.
        let trace = picker.process.stderrSoFar.split(separator: "\n").filter { $0.hasPrefix("photopick-trace ") }
        let fromIndex = try XCTUnwrap(trace.firstIndex { $0.hasSuffix(" library-from-index 7") }, picker.process.stderrSoFar)
        let reconciled = try XCTUnwrap(trace.firstIndex { $0.hasSuffix(" reconciled +1 -1 ~0") }, picker.process.stderrSoFar)
        XCTAssertLessThan(fromIndex, reconciled, "the index's library first, the disk's differences second")
        XCTAssertEqual(picker.traceCount(" scan-listed"), 0, "the disk is not walked from scratch")

        // The newest tile is the new photo (the deleted one is gone); pick it and the next.
        try picker.press("Home", "space", "Right", "space")
        // The second pick's file goes after the reconcile: Done refuses it, with the reason.
        try FileManager.default.removeItem(atPath: library.newestFirst[1])
        try picker.after({ try picker.press("Return") }, expectTrace: " picks-refused 1: no longer exists")
        XCTAssertTrue(picker.stillRunning(), "Done was refused")

        // The watcher then takes the file away; everything shown is what the disk holds now.
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasPrefix("photopick-trace ") && $0.hasSuffix(" live-change +0 -1 ~0") } },
                      picker.process.stderrSoFar)
        try picker.press("ctrl+a", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        let lines = out.stdoutText.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, fresh, "the first pick stayed picked")
        XCTAssertEqual(Set(lines), Set([fresh] + library.newestFirst.dropFirst(2)))
        XCTAssertEqual(lines.count, 6)
    }

    /// The warm open's reads leave SQLite's whole-file check to the recording of the listing,
    /// once the disk was listed again: damage on a page no read reaches is found then, and the
    /// index is set aside for the next open.
    func testDamageNoReadReachesIsFoundWhenTheListingIsRecorded() throws {
        let dir = TemporaryDirectory()
        let library = try SampleLibrary.make(in: dir)
        let cacheHome = dir.path + "/cache"
        let index = cacheHome + "/photopick/index.sqlite3"
        let environment = ["PHOTOPICK_TRACE": "1", "XDG_CACHE_HOME": cacheHome]
        do {
            let picker = try PickerDriver(arguments: [library.root], environment: environment)
            XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" index-recorded 7") } }, picker.process.stderrSoFar)
            try picker.press("Escape")
            XCTAssertEqual(picker.finish().status, 1)
        }
        // A table the window never reads, then its first page overwritten.
        let damage = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("CREATE TABLE unread(x BLOB)")
            db.executemany("INSERT INTO unread VALUES (?)", [(bytes(500),) for _ in range(40)])
            db.commit()
            page = db.execute("PRAGMA page_size").fetchone()[0]
            root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'unread'").fetchone()[0]
            db.close()
            with open(sys.argv[1], "r+b") as f:
                f.seek((root - 1) * page)
                f.write(bytes([0x5A]) * page)
            """
        let out = try ProcessRunner.run("/usr/bin/python3", ["-c", damage, index])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: index + "-wal") && ((try? FileManager.default.attributesOfItem(atPath: index + "-wal")[.size] as? Int) ?? 0) > 0,
                       "the damage is in the file itself")

        let picker = try PickerDriver(arguments: [library.root], environment: environment)
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" index-recorded 7") } }, picker.process.stderrSoFar)
        XCTAssertEqual(picker.traceCount(" library-from-index 7"), 1, "the listing's pages are sound: the warm open used them")
        var setAside = false
        for _ in 0..<200 where !setAside {  // the recorder checks the file as it closes it, after the mark
            setAside = FileManager.default.fileExists(atPath: index + ".broken")
            if !setAside { usleep(100_000) }
        }
        XCTAssertTrue(setAside, "the damaged index is set aside for the next open")
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
    }

    func testADamagedIndexIsRebuiltWithAWarningAndTheDiskListed() throws {
        let dir = TemporaryDirectory()
        let library = try SampleLibrary.make(in: dir)
        // The fixture's shared index, damaged: the other tests' listings go with it (they are
        // only a head start).
        let cache = try GUIFixture.shared().cacheDirectory + "/photopick"
        let index = cache + "/index.sqlite3"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        for suffix in ["-wal", "-shm", ".broken"] { try? FileManager.default.removeItem(atPath: index + suffix) }
        try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }).write(to: URL(fileURLWithPath: index))

        let picker = try PickerDriver(arguments: [library.root], environment: ["PHOTOPICK_TRACE": "1"])
        XCTAssertEqual(picker.traceCount(" library-from-index"), 0, "a damaged index is not a listing")
        XCTAssertEqual(picker.traceCount(" scan-listed"), 1, "the disk is listed instead")
        try picker.press("ctrl+a", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertTrue(out.stderrText.contains("photopick: warning: the photo index could not be used ("), out.stderrText)
        XCTAssertEqual(Set(out.stdoutText.split(separator: "\n").map(String.init)), Set(library.newestFirst))
        XCTAssertTrue(FileManager.default.fileExists(atPath: index + ".broken"), "the damaged file is kept aside")
    }
}
