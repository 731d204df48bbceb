import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Applications asking xdg-desktop-portal (the real 1.16 frontend) for files: photo requests
/// open photopick's window through the backend, D-Bus activated from an install tree; the
/// rest go on to xdg-desktop-portal-gtk.
final class PortalFrontendTests: XCTestCase {
    private static let shared = SharedDesktop()
    override class func tearDown() { shared.stop() }

    private var desktop: PortalDesktop!
    private var root: String { desktop.library.root }

    override func setUpWithError() throws {
        desktop = try Self.shared.get()
        desktop.removeReadyFile()
    }

    private static let photoFilters = """
        'filters': <@a(sa(us)) [('Photos', [(1, 'image/*')]), ('JPEG', [(0, '*.jpg'), (0, '*.JPG')])]>
        """

    /// Keyboard picks come back as `uris` in pick order; the filter in effect and the
    /// choices (one changed by the user) come back as the caller sent them.
    func testPhotoRequestAnswersThePicksInOrderWithTheFilterAndChoices() throws {
        let options = """
            {'multiple': <true>, \(Self.photoFilters),
             'current_filter': <@(sa(us)) ('JPEG', [(0, '*.jpg'), (0, '*.JPG')])>,
             'choices': <@a(ssa(ss)s) [('strip', 'Remove location', [], 'true'), ('size', 'Size', [('s', 'Small'), ('o', 'Original')], 'o')]>}
            """
        let client = try desktop.client(["OpenFile", "Attach photos", options])
        let window = try desktop.waitForPicker(title: "Attach photos", while: client)
        // JPEG filter: beach.jpg, then trip-4 … trip-1; the focus opens on beach.jpg.
        try desktop.press("Right", "space", "Left", "space")
        try desktop.click(window, x: 22, y: 694)  // the check box, at the left of the bar below the grid
        try desktop.press("Return")
        let answer = try lastJSON(client.wait(timeout: 60))
        XCTAssertEqual(answer["response"] as? Int, 0, "\(answer)")
        let results = try XCTUnwrap(answer["results"] as? [String: Any])
        XCTAssertEqual(results["uris"] as? [String], ["file://\(root)/2024/Trip/trip-4.jpg", "file://\(root)/beach.jpg"])
        XCTAssertEqual(jsonText(results["current_filter"]), jsonText(["JPEG", [[0, "*.jpg"], [0, "*.JPG"]]]))
        XCTAssertEqual(jsonText(results["choices"]), jsonText([["strip", "false"], ["size", "o"]]))
    }

    /// Without `multiple` the portal asks for one file: the second pick replaces the first.
    func testSingleFileRequestAndEscapeCancels() throws {
        let client = try desktop.client(["OpenFile", "One photo", "{\(Self.photoFilters)}"])
        _ = try desktop.waitForPicker(title: "One photo", while: client)
        try desktop.press("space", "Escape")
        // A pick was made: Escape asks before discarding it.
        _ = try desktop.waitForWindow(["--name", "^Discard "], what: "Discard dialog")
        try desktop.press("alt+d")
        let answer = try lastJSON(client.wait(timeout: 60))
        XCTAssertEqual(answer["response"] as? Int, 1, "cancelled: \(answer)")
        XCTAssertEqual((answer["results"] as? [String: Any])?["uris"] as? [String], [])

        desktop.removeReadyFile()
        let again = try desktop.client(["OpenFile", "One photo", "{\(Self.photoFilters)}"])
        _ = try desktop.waitForPicker(title: "One photo", while: again)
        try desktop.press("space", "Right", "space", "Return")
        let picked = try lastJSON(again.wait(timeout: 60))
        XCTAssertEqual((picked["results"] as? [String: Any])?["uris"] as? [String], ["file://\(root)/Screenshots/shot-2.png"])
    }

    /// `Request.Close` from the application: the frontend relays it, photopick's window goes
    /// away before Close returns, and no Response is sent (the spec's frontend rule).
    func testRequestCloseClosesTheWindow() throws {
        let client = try desktop.client(["OpenFile", "Closed by the app", "{\(Self.photoFilters)}"])
        _ = try desktop.waitForPicker(title: "Closed by the app", while: client)
        kill(client.process.processIdentifier, SIGUSR1)
        let answer = try lastJSON(client.wait(timeout: 60))
        XCTAssertEqual(answer["closed"] as? Bool, true, "Close returned and no Response came first: \(answer)")
        XCTAssertFalse(try desktop.hasWindow(["--name", "^Closed by the app$"]), "the window is gone once Close returns")
        XCTAssertTrue(desktop.backendLines().contains { $0.contains("closing, Close was called") }, desktop.log())
    }

    /// A SaveFile is not photopick's: xdg-desktop-portal-gtk's dialog opens for it, and its
    /// answer comes back through photopick (-gtk answers 2 when its dialog is closed with Escape).
    func testSaveFileIsHandedToTheGtkBackend() throws {
        let client = try desktop.client(["SaveFile", "Save the report", "{'current_name': <'report.txt'>}"])
        _ = try desktop.waitForWindow(["--name", "^Save the report$"],
                                      what: "xdg-desktop-portal-gtk's save dialog")
        try desktop.press("Escape")
        let answer = try lastJSON(client.wait(timeout: 60))
        XCTAssertEqual(answer["response"] as? Int, 2, "-gtk's answer, relayed: \(answer)")
        let lines = desktop.backendLines()
        XCTAssertTrue(lines.contains { $0.contains("SaveFile") && $0.contains("handed to org.freedesktop.impl.portal.desktop.gtk") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("org.freedesktop.impl.portal.desktop.gtk answered 2") }, "\(lines)")
    }

    /// A document request (filters that are not photos) goes to -gtk's open dialog, unchanged.
    func testDocumentRequestIsHandedOn() throws {
        let client = try desktop.client(["OpenFile", "Open a document", "{'filters': <@a(sa(us)) [('PDF', [(1, 'application/pdf')])]>}"])
        _ = try desktop.waitForWindow(["--name", "^Open a document$"],
                                      what: "xdg-desktop-portal-gtk's open dialog")
        try desktop.press("Escape")
        XCTAssertEqual(try lastJSON(client.wait(timeout: 60))["response"] as? Int, 2)
        XCTAssertTrue(desktop.backendLines().contains { $0.contains("not for photopick: 0 of its 1 file types are photos or videos") }, desktop.log())
    }

    /// A plain GTK 4 program using GtkFileChooserNative through the portal (GDK_DEBUG=portals,
    /// as inside Flatpak) gets photopick's picks.
    func testGtk4FileChooserNativeGetsThePicks() throws {
        let program = try ProcessRunner.start(PortalDesktop.python, [PortalDesktop.clients + "/gtk4_chooser.py"],
                                              environment: desktop.environment(["GDK_DEBUG": "portals"]))
        _ = try desktop.waitForPicker(title: "Attach to the message", while: program)
        try desktop.press("space", "Right", "space", "Return")
        let answer = try lastJSON(program.wait(timeout: 60))
        XCTAssertEqual(answer["response"] as? Int, -3, "GTK_RESPONSE_ACCEPT: \(answer)")
        // GTK 4.8 lists the portal's files last first (it prepends them; later GTKs reverse the
        // list back); photopick's order is checked through the frontend above.
        XCTAssertEqual((answer["uris"] as? [String])?.sorted(), ["file://\(root)/Screenshots/shot-2.png", "file://\(root)/beach.jpg"])
        XCTAssertEqual(answer["filter"] as? String, "Photos")
    }

    /// The README's check: the example asks the portal for photos and prints what was added.
    func testTheReadmesPortalCheck() throws {
        let example = try ProcessRunner.start(PortalDesktop.python, [PortalTree.repository + "/examples/ask_the_portal.py"],
                                              environment: desktop.environment())
        _ = try desktop.waitForPicker(title: "Portal check", while: example)
        try desktop.press("space", "Return")
        let out = example.wait(timeout: 60)
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "file://\(root)/beach.jpg\n")
    }

    /// Two applications asking at once get two windows, each answered on its own.
    func testTwoRequestsAtOnceGetTwoWindows() throws {
        let first = try desktop.client(["OpenFile", "First app", "{\(Self.photoFilters)}"])
        _ = try desktop.waitForPicker(title: "First app", while: first)
        desktop.removeReadyFile()
        let second = try desktop.client(["OpenFile", "Second app", "{\(Self.photoFilters)}"])
        _ = try desktop.waitForPicker(title: "Second app", while: second)
        XCTAssertTrue(try desktop.hasWindow(["--name", "^First app$"]))
        try desktop.press("space", "Return")  // the second window has the focus
        XCTAssertEqual((try lastJSON(second.wait(timeout: 60))["results"] as? [String: Any])?["uris"] as? [String],
                       ["file://\(root)/beach.jpg"])
        XCTAssertTrue(first.isRunning, "the first window is still open")
        _ = try desktop.waitForWindow(["--name", "^First app$"], what: "the first window")
        try desktop.press("Escape")
        XCTAssertEqual(try lastJSON(first.wait(timeout: 60))["response"] as? Int, 1)
    }

    /// What a request costs, from the application's call to photopick's window showing the
    /// library (PHOTOPICK_READY_FILE), beside photopick started directly on the same request
    /// file: printed, not asserted.
    func testRequestToWindowCost() throws {
        var throughPortal: [Double] = [], direct: [Double] = []
        for round in 1...3 {
            desktop.removeReadyFile()
            let client = try desktop.client(["OpenFile", "Timed \(round)", "{\(Self.photoFilters)}"])
            _ = try desktop.waitForPicker(title: "Timed \(round)", while: client)
            let readyAt = Self.monotonic()
            try desktop.press("Escape")
            let out = client.wait(timeout: 60)
            let callLine = try XCTUnwrap(out.stderrText.split(separator: "\n").first { $0.contains("call_at") })
            let callAt = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(callLine.utf8)) as? [String: Double])?["call_at"])
            throughPortal.append((readyAt - callAt) * 1000)

            desktop.removeReadyFile()
            let request = desktop.dir.path + "/timed.json"
            try Data(#"{"version": 1, "title": "Direct \#(round)", "multiple": false, "filters": [{"name": "Photos", "mime_types": ["image/*"]}]}"#.utf8)
                .write(to: URL(fileURLWithPath: request))
            let startedAt = Self.monotonic()
            let picker = try ProcessRunner.start(Binaries.photopick, ["--request", request, "--response", request + ".out"],
                                                 environment: desktop.environment())
            _ = try desktop.waitForPicker(title: "Direct \(round)", while: picker)
            direct.append((Self.monotonic() - startedAt) * 1000)
            try desktop.press("Escape")
            _ = picker.wait(timeout: 60)
        }
        func text(_ values: [Double]) -> String { values.map { String(format: "%.0f ms", $0) }.joined(separator: ", ") }
        print("portal request → window showing the library: \(text(throughPortal)); photopick started directly: \(text(direct))")
    }

    private static func monotonic() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
