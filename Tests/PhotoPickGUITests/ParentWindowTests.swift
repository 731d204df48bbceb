import Foundation
import TestSupport
import XCTest

/// The picker as the dialog of another program's window: transient for it (the window manager
/// keeps it above that window), a dialog, modal when asked; a parent that cannot be used is
/// one warning, and the picker opens on its own.
final class ParentWindowTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func properties(_ picker: PickerDriver) throws -> String {
        try WindowProperties.read(picker.windowID, ["WM_TRANSIENT_FOR", "_NET_WM_WINDOW_TYPE", "_NET_WM_STATE"],
                                  display: picker.server.display)
    }

    func testModalDialogOfAnX11Window() throws {
        let caller = try ForeignWindow()
        let picker = try PickerDriver(arguments: ["--parent-window", caller.portalHandle, "--modal", library.root])
        let props = try properties(picker)
        XCTAssertTrue(props.contains("WM_TRANSIENT_FOR(WINDOW): window id # 0x\(String(caller.xid, radix: 16))\n"), props)
        XCTAssertTrue(props.contains("_NET_WM_WINDOW_TYPE(ATOM) = _NET_WM_WINDOW_TYPE_DIALOG\n"), props)
        XCTAssertTrue(props.contains("_NET_WM_STATE(ATOM) = _NET_WM_STATE_MODAL"), props)
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertEqual(out.stderrText, "")
    }

    func testNotModalUnlessAsked() throws {
        let caller = try ForeignWindow()
        let picker = try PickerDriver(arguments: ["--parent-window", caller.portalHandle, library.root])
        let props = try properties(picker)
        XCTAssertTrue(props.contains("WM_TRANSIENT_FOR(WINDOW): window id # 0x\(String(caller.xid, radix: 16))\n"), props)
        XCTAssertFalse(props.contains("_NET_WM_STATE_MODAL"), props)
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
    }

    func testKdialogsAttachInDecimal() throws {
        let caller = try ForeignWindow()
        let picker = try PickerDriver(arguments: ["--kdialog", "--getopenfilename", library.root, "--attach", String(caller.xid)])
        let props = try properties(picker)
        XCTAssertTrue(props.contains("WM_TRANSIENT_FOR(WINDOW): window id # 0x\(String(caller.xid, radix: 16))\n"), props)
        XCTAssertFalse(props.contains("_NET_WM_STATE_MODAL"), "kdialog's --attach is not modal: \(props)")
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
    }

    func testAWindowThatDoesNotExistIsOneWarning() throws {
        let picker = try PickerDriver(arguments: ["--parent-window", "x11:1fffff0", "--modal", library.root])
        let props = try properties(picker)
        XCTAssertTrue(props.contains("WM_TRANSIENT_FOR:  not found."), props)
        XCTAssertFalse(props.contains("_NET_WM_STATE_MODAL"), "nothing to be modal for: \(props)")
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, "the user can still pick")
        XCTAssertEqual(out.stdoutText, library.newestFirst[0] + "\n")
        XCTAssertEqual(out.stderrText, "photopick: warning: parent window x11:1fffff0: the X server has no such window; the picker opens without a parent\n")
    }

    func testAWaylandWindowOnX11IsOneWarning() throws {
        let picker = try PickerDriver(arguments: ["--parent-window", "wayland:4f1e-exported", library.root])
        XCTAssertTrue(try properties(picker).contains("WM_TRANSIENT_FOR:  not found."))
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertEqual(out.stderrText, "photopick: warning: parent window wayland:4f1e-exported: the picker is not on a Wayland display; it opens without a parent\n")
    }
}
