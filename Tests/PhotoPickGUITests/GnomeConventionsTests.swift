import Foundation
import TestSupport
import XCTest

/// GNOME conventions: commands are actions with accelerators the shortcuts window lists, the
/// main menu opens the About window, and the sidebar folds away on a narrow window. Read from
/// the trace (`PHOTOPICK_TRACE=1`) and from the X server's windows.
final class GnomeConventionsTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func tracedPicker() throws -> PickerDriver {
        let picker = try PickerDriver(arguments: [library.root], environment: ["PHOTOPICK_TRACE": "1"])
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" scan-finished") } }, picker.process.stderrSoFar)
        return picker
    }

    /// The words after the time in each trace line ("accel win.undo <Control>z").
    private func events(_ lines: [Substring]) -> [String] {
        lines.compactMap { line -> String? in
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, parts[0] == "photopick-trace" else { return nil }
            return String(parts[2])
        }
    }

    private func windowExists(named name: String, on picker: PickerDriver) throws -> Bool {
        let found = try ProcessRunner.run("/usr/bin/env", ["xdotool", "search", "--sync", "--onlyvisible", "--name", name],
                                          environment: ["DISPLAY": picker.server.display, "PATH": "/usr/bin:/bin"], timeout: 10)
        return found.status == 0
    }

    /// Ctrl+? is an application accelerator: it opens the Shortcuts window, which lists every
    /// accelerator the application registered (and the keys that act in place, like Space).
    func testCtrlQuestionOpensTheShortcutsWindowListingEveryAccelerator() throws {
        let picker = try tracedPicker()
        try picker.press("ctrl+question")
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" shortcuts-window-presented") } }, picker.process.stderrSoFar)
        XCTAssertTrue(try windowExists(named: "Shortcuts", on: picker), "no Shortcuts window")
        try picker.press("Escape")  // closes the Shortcuts window
        try picker.refocus()
        try picker.press("Escape")  // cancels the picker
        let out = picker.finish()
        XCTAssertEqual(out.status, 1, out.stderrText)

        let lines = events(out.stderrText.split(separator: "\n"))
        var registered: [String: [String]] = [:]
        for line in lines where line.hasPrefix("accel ") {
            let words = line.split(separator: " ").map(String.init)
            registered[words[1]] = Array(words.dropFirst(2))
        }
        let listed = Set(lines.filter { $0.hasPrefix("shortcut-listed ") }.map { String($0.dropFirst("shortcut-listed ".count)) })
        XCTAssertEqual(registered["win.select-all"], ["<Control>a"], "\(registered)")
        XCTAssertEqual(registered["app.shortcuts"], ["<Control>question"], "\(registered)")
        XCTAssertGreaterThanOrEqual(registered.count, 10, "\(registered)")
        for (action, accels) in registered {
            for accel in accels { XCTAssertTrue(listed.contains(accel), "\(action)'s \(accel) is not in the Shortcuts window: \(listed)") }
        }
        // The keys that act in place are listed too.
        XCTAssertTrue(listed.contains("space") && listed.contains("Escape"), "\(listed)")
    }

    /// The main menu (F10) ends with About photopick, which opens the About window.
    func testTheMainMenuOpensTheAboutWindow() throws {
        let picker = try tracedPicker()
        try picker.press("F10", "Up", "Return")  // the last item of the menu
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" about-window-presented") } }, picker.process.stderrSoFar)
        XCTAssertTrue(try windowExists(named: "About", on: picker), "no About window")
        try picker.press("Escape")
        try picker.refocus()
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
    }

    /// Ctrl+C is the window's copy action: the focused photo goes on the clipboard; in the
    /// search field Ctrl+C is the text's again (the action steps aside), so nothing changes.
    func testCtrlCCopiesTheFocusedPhoto() throws {
        guard let xclip = Binaries.which("xclip") else { throw XCTSkip("xclip is not installed (make deps installs it)") }
        let picker = try tracedPicker()
        try picker.press("Right", "ctrl+c")
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" toast Copied 1 file") } }, picker.process.stderrSoFar)
        let clipboard = try ProcessRunner.run(xclip, ["-o", "-selection", "clipboard", "-t", "text/uri-list"],
                                              environment: ["DISPLAY": picker.server.display], timeout: 10)
        XCTAssertEqual(clipboard.stdoutText, "file://\(library.newestFirst[1])\r\n")
        try picker.press("ctrl+f", "ctrl+c")
        usleep(300_000)
        XCTAssertEqual(picker.process.stderrSoFar.components(separatedBy: " toast Copied").count, 2, "Ctrl+C in the search field copied files")
        try picker.press("Escape", "Escape")
        XCTAssertEqual(picker.finish().status, 1)
    }

    /// At 360 px the window really is 360 px wide, the sidebar is folded away, F9 brings it
    /// over the grid, Escape puts it away again (without cancelling), and picking still works.
    func testAt360PixelsTheSidebarFoldsAndF9RevealsIt() throws {
        let picker = try tracedPicker()
        try picker.resize(width: 360, height: 700)
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" sidebar folded hidden") } }, picker.process.stderrSoFar)
        XCTAssertEqual(try picker.windowSize().width, 360, "the window's narrowest is wider than 360 px")
        try picker.press("F9")
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" sidebar folded revealed") } }, picker.process.stderrSoFar)
        try picker.press("Escape")
        XCTAssertTrue(picker.waitForTrace { $0.last { $0.contains(" sidebar ") }?.hasSuffix(" sidebar folded hidden") == true },
                      picker.process.stderrSoFar)
        XCTAssertTrue(picker.process.isRunning, "Escape over the sidebar cancelled the picker")
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.newestFirst[0]])
    }
}
