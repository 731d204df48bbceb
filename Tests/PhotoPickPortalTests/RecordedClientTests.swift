import Foundation
import TestSupport
import XCTest

/// What Firefox ESR, Chromium and a GTK 4 program really send (recorded with dbus-monitor,
/// Fixtures/), replayed through the real xdg-desktop-portal: each image upload opens
/// photopick's window and gets the pick back; a PDF upload gets xdg-desktop-portal-gtk's
/// dialog; Browse Files… hands a photo request to that dialog and its answer reaches the app.
final class RecordedClientTests: XCTestCase {
    private static let shared = SharedDesktop()
    override class func tearDown() { shared.stop() }

    private var desktop: PortalDesktop!
    private var root: String { desktop.library.root }

    override func setUpWithError() throws {
        desktop = try Self.shared.get()
        desktop.removeReadyFile()
    }

    /// The recordings were made as root, so Firefox's and Chromium's `current_folder` is
    /// `/root`. xdg-desktop-portal 1.16 drops it before the backend; 1.18 and later hand it on,
    /// and photopick opens there. The replay names the test's library in its place, as the
    /// caller's folder would be the user's own.
    private func replay(_ recorded: RecordedRequest) throws -> RunningProcess {
        let options = try recorded.options.replacingOccurrences(of: "'current_folder': <b'/root'>",
                                                                 with: "'current_folder': <b'\(root)'>")
        return try desktop.client(["--parent-window", try recorded.parentWindow, "OpenFile", try recorded.title, options])
    }

    func testFirefoxImageUploadGetsPhotopick() throws { try assertPicked(.firefoxImageAny) }
    func testFirefoxJPEGAndPNGUploadGetsPhotopick() throws { try assertPicked(.firefoxJPEGPNG) }
    func testChromiumImageUploadGetsPhotopick() throws { try assertPicked(.chromiumImageAny) }
    func testGtkPixbufFormatsGetPhotopick() throws { try assertPicked(.gtk4PixbufFormats) }

    /// The request opens photopick's window under the app's title; the first photo, picked
    /// with Space and Return, comes back as the app's file.
    private func assertPicked(_ recorded: RecordedRequest, file: StaticString = #filePath, line: UInt = #line) throws {
        let client = try replay(recorded)
        _ = try desktop.waitForPicker(title: try recorded.title, while: client)
        try desktop.press("space", "Return")
        let answer = try lastJSON(client.wait(timeout: 60))
        XCTAssertEqual(answer["response"] as? Int, 0, "\(recorded.rawValue): \(answer)", file: file, line: line)
        XCTAssertEqual((answer["results"] as? [String: Any])?["uris"] as? [String], ["file://\(root)/beach.jpg"],
                       recorded.rawValue, file: file, line: line)
    }

    /// Not a replay: the GTK 4 program itself, its filter filled by add_pixbuf_formats()
    /// from whatever loaders this machine has, through the portal to photopick.
    func testAGtkProgramAskingForPixbufFormatsGetsThePick() throws {
        let program = try ProcessRunner.start(PortalDesktop.python, [PortalDesktop.clients + "/gtk4_chooser.py", "--pixbuf-formats"],
                                              environment: desktop.environment(["GDK_DEBUG": "portals"]))
        _ = try desktop.waitForPicker(title: "Open Image", while: program)
        try desktop.press("space", "Return")
        let answer = try lastJSON(program.wait(timeout: 60))
        XCTAssertEqual(answer["response"] as? Int, -3, "GTK_RESPONSE_ACCEPT: \(answer)")
        XCTAssertEqual(answer["uris"] as? [String], ["file://\(root)/beach.jpg"])
    }

    func testFirefoxPDFUploadGetsTheGtkDialog() throws {
        let recorded = RecordedRequest.firefoxPDF
        let client = try replay(recorded)
        _ = try desktop.waitForWindow(["--name", "^" + NSRegularExpression.escapedPattern(for: try recorded.title) + "$"],
                                      what: "xdg-desktop-portal-gtk's open dialog")
        XCTAssertFalse(try desktop.hasWindow(["--classname", "^photopick$"]), "no photopick window for a PDF")
        try desktop.press("Escape")
        XCTAssertEqual(try lastJSON(client.wait(timeout: 60))["response"] as? Int, 2, "-gtk's answer to Escape, relayed")
        XCTAssertTrue(desktop.backendLines().contains { $0.contains("not for photopick: 0 of its 1 file types are photos or videos") },
                      desktop.log())
    }

    /// Browse Files… (Shift+Ctrl+O) in photopick's window: the window goes, -gtk's dialog
    /// opens for the very same request, and the file chosen there is the app's one answer.
    func testBrowseFilesHandsTheRequestToTheGtkDialog() throws {
        let recorded = RecordedRequest.chromiumImageAny
        let client = try replay(recorded)
        let title = try recorded.title
        _ = try desktop.waitForPicker(title: title, while: client)
        try desktop.press("shift+ctrl+o")
        _ = try desktop.waitForWindow(["--classname", "xdg-desktop-portal-gtk"], what: "xdg-desktop-portal-gtk's open dialog")
        XCTAssertFalse(try desktop.hasWindow(["--classname", "^photopick$"]), "photopick's window is gone")
        let chosen = "\(root)/Screenshots/shot-1.png"
        try desktop.press("ctrl+l")
        try desktop.xdotool(["type", "--delay", "20", chosen])
        // GTK 3's dialog takes Return for the typed path only once it has looked the path up,
        // which it does not show: Return again until the app has its answer.
        for _ in 0..<10 where client.isRunning {
            try desktop.press("Return")
            let deadline = Date().addingTimeInterval(3)
            while client.isRunning && Date() < deadline { usleep(50_000) }
        }
        XCTAssertFalse(client.isRunning, "the app got no answer; log: \(desktop.log())")
        let answer = try lastJSON(client.wait(timeout: 10))
        XCTAssertEqual(answer["response"] as? Int, 0, "\(answer); log: \(desktop.log())")
        XCTAssertEqual((answer["results"] as? [String: Any])?["uris"] as? [String], ["file://\(chosen)"])
        let lines = desktop.backendLines()
        XCTAssertTrue(lines.contains { $0.contains("the user chose Browse Files") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("handed to org.freedesktop.impl.portal.desktop.gtk") }, "\(lines)")
    }
}
