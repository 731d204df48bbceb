import Foundation
import TestSupport
import XCTest

/// A whole session, in English and in German, prints no GTK criticals or warnings: picking
/// and unpicking (the tray's rows come and go), the preview, the menus, the shortcuts window,
/// the Discard dialog, and resizing from a phone's width to a large screen's. Each was once a
/// line on stderr: a stale tray widget, a header changed while it was laid out, labels
/// measured at -3 px.
final class GtkWarningsTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
    }

    /// photopick's own GLib log lines at WARNING or CRITICAL ("(photopick:123): Gtk-CRITICAL **: …").
    private func complaints(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("(photopick:") && ($0.contains("-WARNING") || $0.contains("-CRITICAL")) }
    }

    private func session(_ environment: [String: String]) throws -> ProcessRunner.Output {
        let library = try GridLibrary.numbered(in: dir, count: 30)
        let picker = try PickerDriver(arguments: [library.root], environment: environment.merging(["PHOTOPICK_TRACE": "1"]) { $1 })
        // Pick three, unpick the middle one: the tray adds rows and tears one down.
        try picker.after({ try picker.press("space") }, expectTrace: " picked 1")
        try picker.after({ try picker.press("Right", "space") }, expectTrace: " picked 2")
        try picker.after({ try picker.press("Right", "space") }, expectTrace: " picked 3")
        try picker.after({ try picker.press("Left", "space") }, expectTrace: " picked 2")
        // The preview, a step in it, and back.
        try picker.after({ try picker.press("alt+Return") }, expectTrace: " preview-decoded ")
        try picker.after({ try picker.press("Right") }, expectTrace: " preview-decoded ")
        try picker.press("Escape")
        // The group-and-sort menu, opened and closed.
        try picker.after({ try picker.click(on: "button group-sort") }, expectTrace: " menu group-sort shown")
        try picker.after({ try picker.press("Escape") }, expectTrace: " menu group-sort closed")
        // The shortcuts window.
        try picker.after({ try picker.press("ctrl+question") }, expectTrace: " shortcuts-window-presented")
        try picker.press("Escape")
        try picker.refocus()
        // A phone's width, a laptop's, a large screen's, and back.
        for (width, height) in [(360, 700), (800, 600), (1600, 1000), (360, 700), (1024, 720)] {
            try picker.after({ try picker.resize(width: width, height: height) }, expectTrace: " window-size ")
        }
        // The Discard dialog, kept, then Done.
        try picker.after({ try picker.press("Escape") }, expectTrace: " discard-asked 2")
        try picker.after({ try picker.press("Escape") }, expectTrace: " discard-answered keep")
        try picker.press("Return")
        return picker.finish()
    }

    func testAWholeSessionInEnglishPrintsNoGtkWarnings() throws {
        let out = try session(["LC_ALL": "C", "LANGUAGE": ""])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out).count, 2)
        XCTAssertEqual(complaints(out.stderrText), [], out.stderrText)
    }

    func testAWholeSessionInGermanPrintsNoGtkWarnings() throws {
        guard Catalogues.germanLocaleInstalled else { throw XCTSkip("no de_DE.UTF-8 locale (make deps generates it)") }
        let catalogues = try Catalogues()
        let out = try session(catalogues.environment(language: "de"))
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out).count, 2)
        XCTAssertEqual(complaints(out.stderrText), [], out.stderrText)
    }
}
