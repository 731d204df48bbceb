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
        // It fits over the 1024 × 720 window it opened from.
        if let shortcuts = try picker.xdotool.windows(["--onlyvisible", "--name", "Shortcuts"]).first {
            let size = try picker.xdotool.size(of: shortcuts)
            XCTAssertLessThanOrEqual(size.width, 1024, "the shortcuts window is \(size.width) px wide")
            XCTAssertLessThanOrEqual(size.height, 720, "the shortcuts window is \(size.height) px high")
        }
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
        // Every row of the command table has its handler (CommandCoverage).
        let coverage = lines.first { $0.hasPrefix("commands-handled ") }.map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(coverage?.count, 4, "\(lines)")
        XCTAssertEqual(coverage?[1], coverage?[3], "a command has no handler: \(lines.filter { $0.hasPrefix("command-unhandled") })")
        XCTAssertGreaterThanOrEqual(Int(coverage?[3] ?? "") ?? 0, 57)  // all but the export choice's two
        // Every place the table gives keys (window, grid, preview, search) has them bound.
        let bound = lines.first { $0.hasPrefix("keys-bound ") }.map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(bound?.count, 4, "\(lines)")
        XCTAssertEqual(bound?[1], bound?[3], "keys never bound: \(lines.filter { $0.hasPrefix("keys-unbound") })")
        XCTAssertEqual(bound?[3], "4")
        XCTAssertEqual(registered["win.select-all"], ["<Control>a"], "\(registered)")
        XCTAssertEqual(registered["app.shortcuts"], ["<Control>question"], "\(registered)")
        XCTAssertGreaterThanOrEqual(registered.count, 10, "\(registered)")
        for (action, accels) in registered {
            // A keypad twin (Ctrl+KP_Add) is drawn like its main key, which is listed.
            for accel in accels where !accel.contains("KP_") {
                XCTAssertTrue(listed.contains(accel), "\(action)'s \(accel) is not in the Shortcuts window: \(listed)")
            }
        }
        // The keys that act in place are listed too.
        XCTAssertTrue(listed.contains("space") && listed.contains("Escape"), "\(listed)")
        // So are the grid's, the preview's and the tray's, and nothing twice over.
        for key in ["<Shift>Left", "Page_Down", "p", "plus", "1", "0", "Delete", "<Control>Right"] {
            XCTAssertTrue(listed.contains(key), "\(key) is not in the Shortcuts window: \(listed)")
        }
        XCTAssertFalse(listed.contains { $0.contains("KP_") }, "\(listed)")
        XCTAssertFalse(out.stderrText.contains("Gtk-WARNING") || out.stderrText.contains("Gtk-CRITICAL"), out.stderrText)
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
        XCTAssertEqual(picker.process.stderrSoFar.components(separatedBy: " toast Copied").count, 2, "Ctrl+C in the search field copied files")
        try picker.press("Escape", "Escape")
        XCTAssertEqual(picker.finish().status, 1)
    }

    /// Opens the picker as a user who left its window 360 px wide would (the settings file),
    /// in `environment`'s language, and waits until the scan is done and the sidebar folded.
    private func pickerAt360(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> PickerDriver {
        let config = dir.path + "/config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: config + "/photopick", withIntermediateDirectories: true)
        try Data(#"{"version": 1, "window": {"width": 360, "height": 700, "maximized": false}}"#.utf8)
            .write(to: URL(fileURLWithPath: config + "/photopick/settings.json"))
        let env = environment.merging(["PHOTOPICK_TRACE": "1", "XDG_CONFIG_HOME": config]) { $1 }
        let picker = try PickerDriver(arguments: arguments + [library.root], environment: env)
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" scan-finished") } }, picker.process.stderrSoFar)
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" sidebar folded hidden") } }, picker.process.stderrSoFar)
        return picker
    }

    /// The window's width as GTK last laid it out, and its surface's on the screen
    /// ("window-size 350x690 in 360x700": the surface adds the CSD's resize margins). With no
    /// window manager the X window can be narrower than GTK's minimum, and GTK then lays the
    /// window out wider than the screen shows it, so X's geometry alone proves nothing.
    private func traceWidths(_ picker: PickerDriver) -> (laidOut: Int, surface: Int)? {
        let sizes = events(picker.process.stderrSoFar.split(separator: "\n")).filter { $0.hasPrefix("window-size ") }
        guard let words = sizes.last?.split(separator: " "), words.count == 4,
              let laidOut = Int(words[1].prefix { $0 != "x" }), let surface = Int(words[3].prefix { $0 != "x" })
        else { return nil }
        return (laidOut, surface)
    }

    /// The window really is 360 px wide: its surface is, as X's window is, and GTK lays the
    /// window out inside it (its minimum, the header's above all, is no wider).
    private func assertIs360Wide(_ picker: PickerDriver, _ what: String) throws {
        XCTAssertTrue(picker.waitForTrace { _ in traceWidths(picker) != nil }, picker.process.stderrSoFar)
        // A wider header would take the window wider at the next layout.
        XCTAssertFalse(picker.waitForTrace(timeout: 1) { _ in traceWidths(picker)?.surface != 360 }, picker.process.stderrSoFar)
        let widths = traceWidths(picker)
        XCTAssertEqual(widths?.surface, 360, "\(what): the window's narrowest is wider than 360 px")
        XCTAssertLessThanOrEqual(widths?.laidOut ?? .max, widths?.surface ?? 0, "\(what): laid out wider than its surface")
        XCTAssertEqual(try picker.windowSize().width, 360, "\(what): the X window is not 360 px wide")
    }

    /// At 360 px the window really is 360 px wide, the sidebar is folded away, F9 brings it
    /// over the grid, Escape puts it away again (without cancelling), and picking still works.
    func testAt360PixelsTheSidebarFoldsAndF9RevealsIt() throws {
        let picker = try pickerAt360()
        try assertIs360Wide(picker, "English")
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

    /// With three photos picked, so the accept button reads "Add 3" ("Hinzufügen 3"), the
    /// window still fits 360 px in every language shipped: the header gives way (the title
    /// goes, Cancel becomes an icon) instead of holding the window wider.
    func testAt360PixelsTheHeaderFitsInEnglishAndGerman() throws {
        let picks = library.newestFirst.prefix(3).flatMap { ["--select", $0] }
        let english = try pickerAt360(picks, environment: ["LC_ALL": "C.UTF-8", "LANGUAGE": ""])
        XCTAssertTrue(english.waitForTrace { $0.contains { $0.hasSuffix(" picked 3") } }, english.process.stderrSoFar)
        try assertIs360Wide(english, "English")
        try english.press("Escape")
        XCTAssertEqual(english.finish().status, 1)

        guard Catalogues.germanLocaleInstalled else { throw XCTSkip("no de_DE.UTF-8 locale (make deps generates it)") }
        let catalogues = try Catalogues()
        let german = try pickerAt360(picks, environment: catalogues.environment(language: "de"))
        XCTAssertTrue(german.waitForTrace { $0.contains { $0.hasSuffix(" picked 3") } }, german.process.stderrSoFar)
        try assertIs360Wide(german, "German")
        try german.press("Escape")
        XCTAssertEqual(german.finish().status, 1)
    }
}
