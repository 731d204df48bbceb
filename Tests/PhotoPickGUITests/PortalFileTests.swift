import Foundation
import PhotoPickCore
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The request/response file on success, cancel and an interrupted run.
final class PortalFileTests: XCTestCase {
    private var fixture: PortalFileFixture!
    private var dir: TemporaryDirectory { fixture.dir }
    private var library: SampleLibrary { fixture.library }
    private var portal: String { fixture.path }

    override func setUpWithError() throws { fixture = try PortalFileFixture() }

    private func writeRequest(_ text: String) throws { try fixture.write(text) }
    private func response() throws -> [String: Any] { try fixture.response() }

    private func mode(_ path: String) -> mode_t {
        var st = stat()
        stat(path, &st)
        return st.st_mode & 0o777
    }

    private func strays() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".photopick-tmp-") }
    }

    func testSuccessReplacesTheRequestWithTheResponse() throws {
        try writeRequest(#"""
            {"version": 1, "title": "Attach", "accept_label": "_Attach", "multiple": true, "max": 3,
             "filters": [{"name": "All", "patterns": ["*"]}, {"name": "JPEG", "mime_types": ["image/jpeg"]}],
             "current_filter": "JPEG", "current_folder": "file://\#(library.root)",
             "preselect": ["\#(library.root)/2024/Trip/trip-1.jpg"],
             "choices": [{"id": "strip", "label": "Remove location", "default": "true"},
                         {"id": "size", "label": "Size", "options": [{"id": "s", "label": "Small"}, {"id": "o", "label": "Original"}], "default": "o"}]}
            """#)
        let picker = try PickerDriver(arguments: ["--portal", portal])
        // JPEG filter: beach.jpg first, then trip-4…trip-1 (the PNGs are hidden). The focus
        // opens on the preselected trip-1; Home goes back to beach.jpg.
        try picker.press("Home", "space", "Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertTrue(out.stdout.isEmpty, "the answer is in the file")
        let r = try response()
        XCTAssertEqual(r["version"] as? Int, 1)
        XCTAssertEqual(r["response"] as? Int, 0)
        XCTAssertEqual(r["uris"] as? [String], ["file://\(library.root)/2024/Trip/trip-1.jpg", "file://\(library.root)/beach.jpg",
                                                "file://\(library.root)/2024/Trip/trip-4.jpg"])
        let assets = try XCTUnwrap(r["assets"] as? [[String: Any]])
        XCTAssertEqual(assets.map { $0["name"] as? String }, ["trip-1.jpg", "beach.jpg", "trip-4.jpg"])
        XCTAssertEqual(assets.map { $0["selection_index"] as? Int }, [0, 1, 2])
        XCTAssertEqual(assets[0]["album"] as? String, "2024/Trip")
        XCTAssertEqual((r["current_filter"] as? [String: Any])?["name"] as? String, "JPEG")
        XCTAssertEqual((r["choices"] as? [[String: String]]) ?? [], [["id": "strip", "value": "true"], ["id": "size", "value": "o"]])
        XCTAssertTrue(r["error"] is NSNull)
        XCTAssertEqual(mode(portal), 0o600)
        XCTAssertEqual(try strays(), [])
    }

    /// The user switches the filter in the header and ticks the caller's check box; the
    /// response reports both.
    func testResponseReportsTheFilterAndChoicesTheUserSet() throws {
        try writeRequest(#"""
            {"filters": [{"name": "All", "patterns": ["*"]}, {"name": "PNG", "patterns": ["*.png"]}],
             "current_folder": "\#(library.root)", "choices": [{"id": "strip", "label": "Remove location"}]}
            """#)
        let picker = try PickerDriver(arguments: ["--portal", portal], environment: ["PHOTOPICK_TRACE": "1"])
        // The check box sits at the left of the bar below the grid; the request's filters are
        // the toolbar's drop-down, where Show's would be. Each step waits for the keyboard focus to move where that step
        // puts it (the check box, the drop-down's list, back to the window), not for a guessed
        // pause: a click sent while the list was still opening or closing went to the popup.
        try picker.after({ try picker.click(on: "choice strip") }, expectTrace: " focus GtkCheckButton")
        try picker.after({ try picker.click(on: "button filter") }, expectTrace: " focus ")
        try picker.after({ try picker.press("Down", "Return") }, expectTrace: " focus ")
        try picker.waitForTiles(library.root + "/Screenshots/shot-2.png")
        try picker.click(on: "tile " + library.root + "/Screenshots/shot-2.png")
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        let r = try response()
        XCTAssertEqual(r["uris"] as? [String], ["file://\(library.root)/Screenshots/shot-2.png"], "the first tile under PNG")
        XCTAssertEqual((r["current_filter"] as? [String: Any])?["name"] as? String, "PNG")
        XCTAssertEqual((r["choices"] as? [[String: String]]) ?? [], [["id": "strip", "value": "true"]])
    }

    func testCancelWritesACancelResponse() throws {
        try writeRequest(#"{"current_folder": "\#(library.root)"}"#)
        let picker = try PickerDriver(arguments: ["--portal", portal], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.press("space")
        try picker.after({ try picker.press("Escape") }, expectTrace: " discard-asked 1")
        try picker.press("alt+d")  // Discard
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        let r = try response()
        XCTAssertEqual(r["response"] as? Int, 1)
        XCTAssertEqual(r["uris"] as? [String], [])
        XCTAssertEqual(mode(portal), 0o600)
    }

    func testTerminationSignalCancelsAndStillAnswers() throws {
        let response = dir.path + "/response.json"
        let picker = try PickerDriver(arguments: ["--response", response, library.root])
        try picker.press("space")
        kill(picker.process.process.processIdentifier, SIGTERM)
        let out = picker.finish()
        XCTAssertEqual(out.status, 1, out.stderrText)
        let r = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: response))) as? [String: Any])
        XCTAssertEqual(r["response"] as? Int, 1)
    }

    func testSeparateRequestAndResponseFiles() throws {
        try writeRequest(#"{"multiple": false, "current_folder": "\#(library.root)/Screenshots"}"#)
        let response = dir.path + "/out/response.json"
        try FileManager.default.createDirectory(atPath: dir.path + "/out", withIntermediateDirectories: true)
        let picker = try PickerDriver(arguments: ["--request", portal, "--response", response, "--format", "uri"])
        try picker.press("space", "Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "file://\(library.root)/Screenshots/shot-1.png\n", "single: the second pick replaces the first")
        let r = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: response))) as? [String: Any])
        XCTAssertEqual(r["uris"] as? [String], ["file://\(library.root)/Screenshots/shot-1.png"])
        XCTAssertEqual(try String(contentsOfFile: portal, encoding: .utf8).contains("multiple"), true, "the request is left alone")
    }

    /// Killed between writing the response and renaming it into place: the portal file
    /// still holds the complete old request, never a partial response.
    func testAnInterruptedRunLeavesNoPartialResponse() throws {
        let request = #"{"title": "Interrupted", "current_folder": "\#(library.root)"}"#
        try writeRequest(request)
        let picker = try PickerDriver(arguments: ["--portal", portal], environment: ["PHOTOPICK_TEST_PAUSE_BEFORE_RENAME": "30"])
        try picker.press("space")
        try picker.send("Return")  // the picker pauses before its next frame
        // The complete response sits in its temporary file; the rename has not happened.
        let deadline = Date().addingTimeInterval(15)
        while try strays().isEmpty, Date() < deadline { usleep(20_000) }
        let temporary = try XCTUnwrap(try strays().first, "the response is being written")
        var waited = 0
        while (try? RawFiles.read(dir.path + "/" + temporary).last) != 0x0A, waited < 500 { usleep(20_000); waited += 1 }
        kill(picker.process.process.processIdentifier, SIGKILL)
        let out = picker.finish()
        XCTAssertEqual(out.status, 9, "killed by SIGKILL")
        XCTAssertEqual(try String(contentsOfFile: portal, encoding: .utf8), request, "the old request, whole")
        // What was left is the temporary file, complete, and never at the response path.
        let left = try RawFiles.read(dir.path + "/" + temporary)
        guard case .object(let members)? = try? JSONParser.parse(left) else { return XCTFail("the temporary file is complete JSON") }
        XCTAssertEqual(members.first { $0.0 == "response" }?.1, .int(0))
        XCTAssertEqual(mode(dir.path + "/" + temporary), 0o600)

        // A second run answers the same file normally.
        let again = try PickerDriver(arguments: ["--portal", portal])
        try again.press("Escape")
        XCTAssertEqual(again.finish().status, 1)
        XCTAssertEqual(try response()["response"] as? Int, 1)
    }
}
