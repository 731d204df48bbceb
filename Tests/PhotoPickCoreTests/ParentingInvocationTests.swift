import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest

/// The parent window and modality from the command line, the request file, zenity's and
/// kdialog's `--attach`, into the window's configuration.
final class ParentingInvocationTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var cwd: RawPath { RawPath(dir.path) }

    override func setUp() { dir = TemporaryDirectory() }

    private func plan(request: String? = nil, _ build: (inout ChooserInvocation) -> Void = { _ in }) throws -> ChooserInvocation.Plan {
        var i = ChooserInvocation()
        if request != nil { i.request = Array("r.json".utf8) }
        build(&i)
        return try i.plan(cwd: cwd, defaultRoots: [RawPath("/default")], stdoutHasReader: true,
                          readRequest: { _ in Array((request ?? "{}").utf8) })
    }

    func testTheRequestFilesKeys() throws {
        let parsed = try RequestParser.parse(Array(#"{"parent_window": "x11:1a00007", "modal": false}"#.utf8))
        XCTAssertEqual(parsed.request.parentWindow, .x11(0x1A00007))
        XCTAssertEqual(parsed.request.modal, false)
        XCTAssertEqual(parsed.warnings, [])
        XCTAssertNil(try RequestParser.parse(Array(#"{"parent_window": ""}"#.utf8)).request.parentWindow)
        XCTAssertEqual(try RequestParser.parse(Array(#"{"parent_window": "wayland:abc"}"#.utf8)).request.parentWindow,
                       .wayland("abc"))
        XCTAssertThrowsError(try RequestParser.parse(Array(#"{"parent_window": 12}"#.utf8))) {
            XCTAssertTrue("\($0)".contains("'parent_window' must be a string"), "\($0)")
        }
        XCTAssertThrowsError(try RequestParser.parse(Array(#"{"modal": "yes"}"#.utf8)))
    }

    func testAMalformedParentInARequestIsAWarning() throws {
        let parsed = try RequestParser.parse(Array(#"{"parent_window": "x11:zzz"}"#.utf8))
        XCTAssertNil(parsed.request.parentWindow)
        XCTAssertEqual(parsed.warnings.count, 1)
        XCTAssertTrue(parsed.warnings[0].contains("'parent_window'") && parsed.warnings[0].contains("without a parent"),
                      parsed.warnings[0])
        let p = try plan(request: #"{"parent_window": "foo:1"}"#)
        XCTAssertNil(p.configuration.parentWindow)
        XCTAssertEqual(p.warnings.count, 1)
    }

    func testARequestIsModalUnlessItSaysNot() throws {
        XCTAssertTrue(try plan(request: #"{"parent_window": "x11:12"}"#).configuration.modal, "the portal's default")
        XCTAssertFalse(try plan(request: #"{"parent_window": "x11:12", "modal": false}"#).configuration.modal)
        XCTAssertEqual(try plan(request: #"{"parent_window": "x11:12"}"#).configuration.parentWindow, .x11(0x12))
    }

    func testTheCommandLine() throws {
        let none = try plan()
        XCTAssertNil(none.configuration.parentWindow)
        XCTAssertFalse(none.configuration.modal)
        let parented = try plan { $0.parentWindow = "x11:4a0001c" }
        XCTAssertEqual(parented.configuration.parentWindow, .x11(0x4A0001C))
        XCTAssertFalse(parented.configuration.modal, "modal only when asked")
        XCTAssertTrue(try plan { $0.parentWindow = "x11:4a0001c"; $0.options.modal = true }.configuration.modal)
        XCTAssertEqual(try plan(request: #"{"parent_window": "x11:12"}"#) { $0.parentWindow = "wayland:h" }
            .configuration.parentWindow, .wayland("h"), "the command line wins over the request")
        for bad in ["x11:zzz", "foo:1"] {
            XCTAssertThrowsError(try plan { $0.parentWindow = bad }) { error in
                XCTAssertTrue(error is PickerOptions.Invalid)
                XCTAssertTrue("\(error)".hasPrefix("--parent-window: '\(bad)'"), "\(error)")
            }
        }
    }

    func testZenitysAttach() throws {
        var z = ZenityOptions()
        z.attach = "0x1c00003"
        XCTAssertEqual(try plan { $0.zenity = z }.configuration.parentWindow, .x11(0x1C00003))
        z.attach = "main"
        let bad = try plan { $0.zenity = z }
        XCTAssertNil(bad.configuration.parentWindow)
        XCTAssertEqual(bad.warnings, ["--attach: 'main' is not an X11 window ID; the window opens without a parent"])
    }

    func testKdialogMode() throws {
        let line = try KdialogCommandLine.parse(["--getopenfilename", "--attach", "123", "--title", "Up"].map { Array($0.utf8) })
        let p = try plan { $0.kdialog = KdialogOptions(line) }
        XCTAssertEqual(p.stdout, .kdialog(KdialogOutput(layout: .single, urls: false)))
        XCTAssertEqual(p.configuration.maximum, 1, "kdialog opens one file unless --multiple")
        XCTAssertEqual(p.configuration.parentWindow, .x11(123))
        XCTAssertEqual(p.configuration.title, "Up")
        XCTAssertFalse(p.configuration.copyMode)
        XCTAssertFalse(try plan(request: nil) { $0.kdialog = KdialogOptions(line) }.configuration.copyMode)
    }
}
