import Foundation
import TestSupport
import XCTest

/// A warm open whose index recorded the listing's newest files: the first screen is drawn
/// from a library of those alone, and when the whole library arrives over it (the same
/// assets under the same identifiers) the screen stays as it is: scrolled to the top, the
/// same tiles, nothing loaded again; then every file is there to pick.
final class FirstScreenFromNewestTests: XCTestCase {
    /// The trace lines of a run, as (event, detail) in order.
    private func events(_ stderr: String) -> [(event: String, detail: String)] {
        stderr.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ", maxSplits: 3)
            guard f.count >= 3, f[0] == "photopick-trace" else { return nil }
            return (String(f[2]), f.count > 3 ? String(f[3]) : "")
        }
    }

    /// What `openedOnce` made.
    private struct OpenedOnce {
        let dir: TemporaryDirectory  // kept alive for the test
        let root: String
        /// The photos by name (GridLibrary's order: newest first unless `prepare` changed their times).
        let byName: [String]
        let cacheHome: String
        let environment: [String: String]
    }

    /// A library of `count` numbered photos opened once (the disk listed, the listing recorded
    /// with its newest files) and cancelled: what a warm open starts from. `prepare` runs on
    /// the photos and the cache folder before that first open.
    private func openedOnce(count: Int, prepare: (_ byName: [String], _ cacheHome: String) throws -> Void = { _, _ in })
        throws -> OpenedOnce {
        let dir = TemporaryDirectory()
        let (root, byName) = try GridLibrary.numbered(in: dir, count: count)
        let cacheHome = dir.path + "/cache"
        try prepare(byName, cacheHome)
        let environment = ["PHOTOPICK_TRACE": "1", "XDG_CACHE_HOME": cacheHome]
        let picker = try PickerDriver(arguments: [root], environment: environment)
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" index-recorded \(count)") } }, picker.process.stderrSoFar)
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
        return OpenedOnce(dir: dir, root: root, byName: byName, cacheHome: cacheHome, environment: environment)
    }

    /// Runs `script` (Python) on the index in `cacheHome`; returns what it printed.
    private func editIndex(_ script: String, cacheHome: String) throws -> String {
        let out = try ProcessRunner.run("/usr/bin/python3", ["-c", script, cacheHome + "/photopick/index.sqlite3"])
        XCTAssertEqual(out.status, 0, out.stderrText)
        return out.stdoutText
    }

    func testTheFirstScreenComesFromTheNewestFilesAndStaysWhenTheWholeLibraryArrives() throws {
        // The newest files last by name: the listing (by folder, then name) hands them last,
        // so only a library built with them first gives them the first screen's identifiers.
        // The first open lists the disk and records the listing, with its newest files.
        let library = try openedOnce(count: 40) { byName, cacheHome in
            for (i, path) in byName.enumerated() { try ImageFactory.setModified(path, 1_700_000_000 + Double(i) * 3600) }
            try WarmThumbnailCache.fill(Array(byName.reversed()), cacheHome: cacheHome, sizes: [.large])
        }
        let (root, environment) = (library.root, library.environment)
        let newestFirst = Array(library.byName.reversed())
        // The window records 1,000, more than this library holds: keep the 8 newest, as if
        // the library were larger than that.
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            kept = db.execute("SELECT count(*) FROM listing_newest").fetchone()[0]
            db.execute("DELETE FROM listing_newest WHERE rank >= 8")
            db.commit()
            print(kept)
            """
        let kept = try editIndex(edit, cacheHome: library.cacheHome)
        XCTAssertEqual(kept.trimmingCharacters(in: .whitespacesAndNewlines), "40", "every file was among the newest")

        // The whole listing is held back until the first screen shows its thumbnails.
        let picker = try PickerDriver(arguments: [root], environment: environment.merging(["PHOTOPICK_TEST_HOLD_LISTING": "1"]) { $1 })
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" library-extended 40") } }, picker.process.stderrSoFar)
        // A census of the tiles after it (TextureCensus looks four times a second and traces a
        // line only when what it counts changed; the ones until the exit are checked too).
        XCTAssertTrue(picker.waitForTrace { lines in
            guard let at = lines.firstIndex(where: { $0.hasSuffix(" library-extended 40") }) else { return false }
            return lines[at...].contains { $0.contains(" textures ") }
        }, picker.process.stderrSoFar)
        try picker.press("ctrl+a", "Return")
        let result = picker.finish()
        XCTAssertEqual(result.status, 0, result.stderrText)
        XCTAssertEqual(Set(outputLines(result)), Set(newestFirst), "every file is there to pick")

        let trace = events(result.stderrText)
        let text = result.stderrText
        let first = try XCTUnwrap(trace.firstIndex { $0.event == "library-first-adopted" }, text)
        XCTAssertEqual(trace[first].detail, "8")
        let screen = try XCTUnwrap(trace.firstIndex { $0.event == "visible-thumbnails" }, text)
        let extended = try XCTUnwrap(trace.firstIndex { $0.event == "library-extended" }, text)
        XCTAssertLessThan(first, screen)
        XCTAssertLessThan(screen, extended, "the first screen was drawn from the newest files alone")
        // That screen showed the 8 newest files, from the top.
        let viewports = trace.enumerated().filter { $0.element.event == "viewport" }
        let firstViewport = try XCTUnwrap(viewports.first, text)
        XCTAssertLessThan(firstViewport.offset, screen)
        XCTAssertTrue(firstViewport.element.detail.hasPrefix("0-") && firstViewport.element.detail.hasSuffix(" of 8"), text)
        // The whole library changed nothing on screen: still at the top (a viewport line is
        // traced whenever the first tile shown changes), the first screen's thumbnails
        // traced once, and its tiles kept theirs.
        XCTAssertEqual(viewports.count, 1, "the grid stayed at the top: \(viewports.map(\.element.detail))")
        XCTAssertEqual(trace.filter { $0.event == "visible-thumbnails" }.count, 1)
        let shownTiles = try XCTUnwrap(Int(trace[screen].detail), text)
        let holding = trace[extended...].filter { $0.event == "textures" }.compactMap { sample -> Int? in
            let f = sample.detail.split(separator: " ")
            guard let at = f.firstIndex(of: "tiles"), at + 1 < f.count else { return nil }
            return Int(f[at + 1])
        }
        XCTAssertTrue(holding.allSatisfy { $0 >= shownTiles }, "tiles holding a thumbnail after the whole library: \(holding)")
    }

    /// The newest files were shown, but the whole listing no longer adds up (its count was
    /// changed): the window starts again from an empty library and lists the disk, as a
    /// first open does, and every file is there once.
    func testAListingThatCannotBeTrustedAfterTheFirstScreenListsTheDisk() throws {
        let library = try openedOnce(count: 30)
        let (root, newestFirst, environment) = (library.root, library.byName, library.environment)
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE listings SET files = files + 1")
            db.commit()
            """
        _ = try editIndex(edit, cacheHome: library.cacheHome)
        // The newest file goes while the picker is closed: the first screen still shows it
        // (the index's newest files say so), the disk's listing must not.
        try FileManager.default.removeItem(atPath: newestFirst[0])

        let picker = try PickerDriver(arguments: [root], environment: environment)
        try picker.press("ctrl+a", "Return")
        let result = picker.finish()
        XCTAssertEqual(result.status, 0, result.stderrText)
        XCTAssertEqual(outputLines(result).sorted(), newestFirst.dropFirst().sorted(), "every file on disk, once")
        let trace = events(result.stderrText)
        let first = try XCTUnwrap(trace.firstIndex { $0.event == "library-first-adopted" }, result.stderrText)
        let listed = try XCTUnwrap(trace.firstIndex { $0.event == "scan-listed" }, result.stderrText)
        XCTAssertLessThan(first, listed, "the newest files first, then the disk")
        XCTAssertFalse(trace.contains { $0.event == "library-from-index" }, "the listing was not used")
    }
}
