import Foundation
import PhotoPickCore
import TestSupport
import XCTest

/// Done with export options, on the real window under Xvfb: the picks come back as new,
/// converted and shrunk files in pick order, the originals untouched; the progress view
/// shows for an export that takes a while and Stop Export goes back to the grid with the
/// picks kept and nothing written; the window's size choice changes the output; a request
/// file's `export` object answers with the exported files and `errors`.
///
/// Making an export slow enough to see and stop is deterministic through the test hook
/// PHOTOPICK_TEST_EXPORT_DELAY_MS (the export waits that long, cancellably, before the
/// engine starts): no timing of the machine is assumed.
final class ExportWindowTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root: String { dir.path + "/Photos" }
    private var out: String { dir.path + "/out" }
    /// Newest first, as the grid shows them.
    private var photos: [String] = []
    private var originals: [String: Data] = [:]

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        // Three 2400×1600 photos, one hour apart: photo-3 is the newest (the first tile).
        for i in 1...3 {
            let path = root + "/photo-\(i).jpg"
            try ImageFactory.write(path, width: 2400, height: 1600, format: .jpeg,
                                   color: (UInt8(40 * i), UInt8(200 - 30 * i), 120))
            try ImageFactory.setModified(path, 1_700_000_000 + Double(i) * 3600)
            originals[path] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        photos = (1...3).reversed().map { root + "/photo-\($0).jpg" }
    }

    override func tearDownWithError() throws {
        for (path, bytes) in originals {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), bytes, "\(path) was changed")
        }
    }

    private func longSide(_ path: String) throws -> Int {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(bytes.prefix(3)), [0xFF, 0xD8, 0xFF], "\(path) is not a JPEG")
        let size = try XCTUnwrap(JPEGFrameHeader.size(bytes), "\(path) has no frame header")
        return max(size.width, size.height)
    }

    private func exportedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).sorted()
    }

    func testDoneExportsThePicksAndPrintsTheNewFilesInPickOrder() throws {
        let picker = try PickerDriver(arguments: ["--convert", "jpeg", "--max-size", "1024", root])
        // Pick the second tile, then the first: pick order is photo-2, photo-3.
        try picker.press("Right", "space", "Left", "space", "Return")
        let result = picker.finish(timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderrText)
        let printed = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(printed.count, 2, "\(printed)")
        XCTAssertEqual(printed.map { ($0 as NSString).lastPathComponent }, ["photo-2.jpg", "photo-3.jpg"], "pick order")
        for path in printed {
            XCTAssertFalse(originals.keys.contains(path), "\(path) is an original, not an export")
            XCTAssertFalse(path.hasPrefix(root + "/"), "exports are not written among the originals")
            XCTAssertEqual(try longSide(path), 1024)
        }
    }

    func testTheProgressViewShowsAndStopGoesBackToTheGridWithThePicksKept() throws {
        let picker = try PickerDriver(arguments: ["--convert", "jpeg", "--max-size", "1024", "--export-dir", out, root],
                                      environment: ["PHOTOPICK_TRACE": "1", "PHOTOPICK_TEST_EXPORT_DELAY_MS": "4000"])
        try picker.press("space", "Right", "space")
        try picker.after({ try picker.press("Return") }, expectTrace: " export-progress-shown")
        picker.screenshot(dir.path + "/progress.png")
        try picker.after({ try picker.press("Escape") }, expectTrace: " export-cancelled")
        XCTAssertTrue(picker.stillRunning(), "Stop goes back to picking, not out")
        XCTAssertEqual(exportedFiles(), [], "a stopped export leaves nothing behind")
        XCTAssertEqual(picker.traceCount(" export-finished"), 0)
        // The picks are still there: Done again exports both (after the same wait).
        try picker.press("Return")
        let result = picker.finish(timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderrText)
        let printed = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(printed.map { ($0 as NSString).lastPathComponent }, ["photo-3.jpg", "photo-2.jpg"])
        XCTAssertTrue(printed.allSatisfy { $0.hasPrefix(out + "/") }, "\(printed)")
        XCTAssertEqual(exportedFiles(), ["photo-2.jpg", "photo-3.jpg"])
    }

    func testTheWindowsSizeChoiceChangesTheExport() throws {
        let dump = dir.path + "/text.txt"
        let picker = try PickerDriver(arguments: ["--convert", "jpeg", "--export-choice", "--export-dir", out, root],
                                      environment: ["PHOTOPICK_TRACE": "1", "PHOTOPICK_DUMP_TEXT": dump])
        try picker.press("space")
        // The size drop-down sits at the left of the bar at the window's foot (1024×720 by
        // default; the sidebar takes the left 245 px): open it, go down from Original to
        // Small 512, choose it.
        try picker.after({ try picker.click(x: ExportSpot.sizeDropDown.x, y: ExportSpot.sizeDropDown.y) }, expectTrace: " focus ")
        try picker.after({ try picker.press("Down", "Down", "Down", "Return") }, expectTrace: " focus ")
        try picker.press("Return")
        let result = picker.finish(timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderrText)
        let printed = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(printed.count, 1)
        XCTAssertEqual(try longSide(try XCTUnwrap(printed.first)), 512)
        let text = try String(contentsOfFile: dump, encoding: .utf8)
        XCTAssertTrue(text.contains("Small 512"), "the drop-down shows the choice")
        XCTAssertTrue(text.contains("1 selected · ≈ "), "the summary shows the estimate: \(text)")
        XCTAssertTrue(text.contains("Keep location"))
    }

    /// Copy mode exports first and puts the exported files, not the originals, on the clipboard.
    func testCopyModeCopiesTheExports() throws {
        guard let xclip = Binaries.which("xclip") else { throw XCTSkip("xclip is not installed (make deps installs it)") }
        let picker = try PickerDriver(arguments: ["--copy", "--convert", "jpeg", "--max-size", "512", "--export-dir", out, root],
                                      environment: ["PHOTOPICK_TRACE": "1"])
        try picker.press("space")
        // Handed over after the total has been shown for a moment, when the export took long enough to show it.
        try picker.after({ try picker.press("Return") }, expectTrace: " export-handed-over", timeout: 60)
        XCTAssertEqual(picker.traceCount(" export-finished 1 0"), 1)
        XCTAssertTrue(picker.stillRunning(), "the window stays open to serve the clipboard")
        let uris = try ProcessRunner.run(xclip, ["-o", "-selection", "clipboard", "-t", "text/uri-list"],
                                         environment: ["DISPLAY": picker.server.display], timeout: 10)
        XCTAssertEqual(uris.stdoutText, "file://\(out)/photo-3.jpg\r\n")
        XCTAssertEqual(try longSide(out + "/photo-3.jpg"), 512)
        try picker.press("Escape")
        let result = picker.finish()
        XCTAssertEqual(result.status, 0, "closing after a copy: the files were handed over")
        XCTAssertTrue(result.stdout.isEmpty)
    }

    func testARequestsExportObjectAnswersWithTheExportsAndTheErrors() throws {
        // A file that says JPEG but cannot be decoded: listed (crossed out), pickable, not exportable.
        let broken = root + "/broken.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(" this is not really a JPEG".utf8)).write(to: URL(fileURLWithPath: broken))
        try ImageFactory.setModified(broken, 1_700_000_000 + 10 * 3600)  // the newest: the first tile
        originals[broken] = try Data(contentsOf: URL(fileURLWithPath: broken))
        let request = dir.path + "/request.json"
        try JSONSerialization.data(withJSONObject: [
            "version": 1, "current_folder": root,
            "export": ["format": "jpeg", "max_size": 1024, "strip_location": true, "directory": out] as [String: Any],
        ] as [String: Any]).write(to: URL(fileURLWithPath: request))
        let picker = try PickerDriver(arguments: ["--portal", request])
        // broken.jpg, then photo-3.
        try picker.press("space", "Right", "space", "Return")
        let result = picker.finish(timeout: 60)
        XCTAssertEqual(result.status, 2, "one pick failed: " + result.stderrText)
        XCTAssertTrue(result.stderrText.contains("photopick: cannot export \(broken): "), result.stderrText)
        let r = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: request))) as? [String: Any])
        XCTAssertEqual(r["response"] as? Int, 2)
        let uris = try XCTUnwrap(r["uris"] as? [String])
        XCTAssertEqual(uris, ["file://\(out)/photo-3.jpg"])
        let assets = try XCTUnwrap(r["assets"] as? [[String: Any]])
        XCTAssertEqual(assets.first?["original_path"] as? String, photos[0])
        XCTAssertEqual(assets.first?["mime_type"] as? String, "image/jpeg")
        let errors = try XCTUnwrap(r["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first?["path"] as? String, broken)
        XCTAssertEqual(errors.first?["uri"] as? String, "file://\(broken)")
        XCTAssertFalse((errors.first?["message"] as? String ?? "").isEmpty)
        XCTAssertEqual(try longSide(out + "/photo-3.jpg"), 1024)
        XCTAssertEqual(exportedFiles(), ["photo-3.jpg"], "nothing left of the failed file")
    }
}

/// Where the export bar's controls are in the default 1024×720 window.
enum ExportSpot {
    static let sizeDropDown = (x: 320, y: 694)
}
