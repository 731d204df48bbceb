import PhotoPickSystem
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// What the window says when there is nothing to show, and what it remembers between runs.
/// The states are read from the trace (`PHOTOPICK_TRACE=1`: "status-empty", …) and from
/// what the keys then do; scripts/screenshots.sh shows how they look.
final class WindowStateTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() { dir = TemporaryDirectory() }

    private func lines(_ output: ProcessRunner.Output) -> [String] {
        output.stdoutText.split(separator: "\n").map(String.init)
    }

    func testAnEmptyFolderSaysSoAndEscapeStillCancels() throws {
        let empty = dir.path + "/Empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let picker = try PickerDriver(arguments: [empty], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.press("Return")  // nothing to accept
        XCTAssertTrue(picker.stillRunning())
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stdout.isEmpty)
        XCTAssertTrue(out.stderrText.contains("status-empty"), out.stderrText)
        // GTK's complaint about an accessibility bus another program left on the shared X server
        // is the environment's, not the window's.
        let criticals = out.stderrText.split(separator: "\n").filter { $0.contains("CRITICAL") && !$0.contains("accessibility bus") }
        XCTAssertEqual(criticals, [], out.stderrText)
    }

    /// "Choose Folder…" in the empty state opens the folder chooser in the Pictures folder
    /// (xdg-user-dirs'; GTK's own start, its Recent list, holds files, and GTK 4.18 will not
    /// open a typed folder from there); Open takes it, and it is scanned in the same window.
    /// The button sits in the middle of the grid area.
    func testChooseFolderScansTheChosenFolder() throws {
        let empty = dir.path + "/Empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let library = try SampleLibrary.make(in: dir)  // dir/Pictures: ~/Pictures below
        let config = dir.path + "/config"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("XDG_PICTURES_DIR=\"$HOME/Pictures\"\n".utf8).write(to: URL(fileURLWithPath: config + "/user-dirs.dirs"))
        let picker = try PickerDriver(arguments: [empty], environment: ["PHOTOPICK_TRACE": "1", "HOME": dir.path, "XDG_CONFIG_HOME": config])
        try picker.click(on: "button status 0")  // Choose Folder…, on libadwaita's status page
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" folder-chooser-shown") } }, picker.process.stderrSoFar)
        // Press Open only once the dialog is there and has the keyboard.
        let dialog = try ProcessRunner.run("/usr/bin/env", ["xdotool", "search", "--sync", "--onlyvisible", "--name", "Choose a Folder of Photos",
                                                             "windowfocus", "--sync"],
                                           environment: ["DISPLAY": picker.server.display, "PATH": "/usr/bin:/bin"], timeout: 30)
        XCTAssertEqual(dialog.status, 0, "no folder chooser: \(dialog.stderrText)\n\(picker.process.stderrSoFar)")
        try picker.after({ try picker.press("alt+o") }, expectTrace: " folder-chooser chosen")
        // Space picks the first photo once the new scan shows it; Return hands it back.
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" status-showing") } }, picker.process.stderrSoFar)
        try picker.refocus()
        try picker.after({ try picker.press("space") }, expectTrace: " picked 1")
        try picker.press("Return")
        let result = picker.finish()
        XCTAssertEqual(result.status, 0, result.stderrText)
        XCTAssertEqual(lines(result), [library.newestFirst[0]])
    }

    func testTheLastAlbumIsRememberedForTheSameFolders() throws {
        let library = try SampleLibrary.make(in: dir)
        let config = dir.path + "/config"
        // First run: choose 2024/Trip in the sidebar (the fourth row), then cancel.
        let first = try PickerDriver(arguments: [library.root], environment: ["XDG_CONFIG_HOME": config])
        try first.click(on: "album folder \(library.root)/2024/Trip")
        try first.press("Escape")
        XCTAssertEqual(first.finish().status, 1)
        let settings = try String(contentsOfFile: config + "/photopick/settings.json", encoding: .utf8)
        XCTAssertTrue(settings.contains("2024/Trip"), settings)

        // Second run: it opens on 2024/Trip, so the first tile is its newest photo.
        let second = try PickerDriver(arguments: [library.root], environment: ["XDG_CONFIG_HOME": config])
        try second.press("space", "Return")
        let out = second.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.root + "/2024/Trip/trip-4.jpg"])
        XCTAssertFalse(out.stderrText.contains("warning"), "a remembered album is no caller's request: \(out.stderrText)")

        // Other folders do not open on it.
        let other = dir.path + "/Other"
        try ImageFactory.write(other + "/2024/Trip/x.jpg", width: 40, height: 30, format: .jpeg)
        try ImageFactory.write(other + "/newest.jpg", width: 40, height: 30, format: .jpeg)
        let third = try PickerDriver(arguments: [other], environment: ["XDG_CONFIG_HOME": config])
        try third.press("space", "Return")
        XCTAssertEqual(lines(third.finish()), [other + "/newest.jpg"])
    }

    /// The window's size and the tile size (the grid's zoom, Ctrl+plus) come back next time.
    func testWindowAndTileSizeAreRemembered() throws {
        let library = try SampleLibrary.make(in: dir)
        let config = dir.path + "/config"
        let first = try PickerDriver(arguments: [library.root], environment: ["XDG_CONFIG_HOME": config])
        try first.resize(width: 1180, height: 760)
        try first.press("ctrl+plus", "ctrl+plus")
        try first.press("Escape")
        XCTAssertEqual(first.finish().status, 1)
        let json = try String(contentsOfFile: config + "/photopick/settings.json", encoding: .utf8)
        XCTAssertTrue(json.contains("\"width\": 1180") && json.contains("\"height\": 760"), json)
        XCTAssertFalse(json.contains("\"tile_size\": 160"), "zoomed in twice: \(json)")

        let second = try PickerDriver(arguments: [library.root], environment: ["XDG_CONFIG_HOME": config])
        let size = try second.windowSize()
        XCTAssertEqual(size.width, 1180)
        XCTAssertEqual(size.height, 760)
        // Bigger tiles: even in the wider window fewer fit a row than the default four, so
        // Down lands on an earlier photo.
        try second.press("Down", "space", "Return")
        let out = second.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        let picked = try XCTUnwrap(lines(out).first)
        let index = try XCTUnwrap(library.newestFirst.firstIndex(of: picked))
        XCTAssertLessThan(index, 4, "picked \(picked)")
    }

    func testACorruptSettingsFileIsIgnored() throws {
        let library = try SampleLibrary.make(in: dir)
        let config = dir.path + "/config"
        try FileManager.default.createDirectory(atPath: config + "/photopick", withIntermediateDirectories: true)
        try Data("{\"window\": {\"width\": \"wide\"".utf8).write(to: URL(fileURLWithPath: config + "/photopick/settings.json"))
        let picker = try PickerDriver(arguments: [library.root], environment: ["XDG_CONFIG_HOME": config])
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[0]])
        // Rewritten whole on the way out.
        let settings = try String(contentsOfFile: config + "/photopick/settings.json", encoding: .utf8)
        XCTAssertTrue(settings.contains("\"width\": 1024"), settings)
    }

    /// The brightness (0…1) of the empty sidebar below the albums, from a screenshot.
    private func sidebarBrightness(_ picker: PickerDriver) throws -> Double {
        // Ready means scanned, not painted: wait for the first screen of thumbnails to be
        // drawn, so the screenshot holds the window and not the bare screen behind it.
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" first-screen-thumbnails") } },
                      "the first screen was never drawn: \(picker.process.stderrSoFar)")
        let shot = dir.path + "/shot-\(UUID().uuidString).png"
        picker.screenshot(shot)
        let pixel = try ProcessRunner.run("/usr/bin/env", ["convert", shot, "-crop", "1x1+120+600", "-colorspace", "Gray",
                                                          "-format", "%[fx:mean]", "info:"], environment: ["PATH": "/usr/bin:/bin"])
        return try XCTUnwrap(Double(pixel.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)), pixel.stderrText)
    }

    /// The desktop's preference for dark, told as a desktop tells it (GNOME's color-scheme
    /// setting, handed out by the real Settings portal: DesktopPortalBus), makes the window
    /// dark; no preference leaves it light. The picker reads no settings of its own here
    /// (GSETTINGS_BACKEND=memory): only the portal can tell it.
    func testFollowsTheDesktopsDarkStyle() throws {
        guard Binaries.which("convert") != nil else { throw XCTSkip("ImageMagick is not installed (make deps installs it)") }
        let library = try SampleLibrary.make(in: dir)
        let darkLevel = try sidebarBrightness(library, desktopPrefers: "prefer-dark", portalSays: 1)
        let lightLevel = try sidebarBrightness(library, desktopPrefers: "default", portalSays: 0)
        XCTAssertLessThan(darkLevel, 0.35, "prefer-dark: a dark window")
        XCTAssertGreaterThan(lightLevel, 0.8, "no preference: the light default")
    }

    /// The sidebar's brightness in a picker on a desktop whose color-scheme is `scheme`, once
    /// its Settings portal answers `answer` (checked first: the desktop, not the picker).
    private func sidebarBrightness(_ library: SampleLibrary, desktopPrefers scheme: String, portalSays answer: Int) throws -> Double {
        let desktop = try DesktopPortalBus(in: dir.path + "/desktop-\(scheme)", colorScheme: scheme)
        defer { desktop.stop() }
        XCTAssertEqual(try desktop.portalColorScheme(), answer, "the Settings portal's answer; its log: \(desktop.logText())")
        let picker = try PickerDriver(arguments: [library.root],
                                      environment: ["DBUS_SESSION_BUS_ADDRESS": desktop.address, "PHOTOPICK_TRACE": "1"])
        let level = try sidebarBrightness(picker)
        try picker.press("Escape")
        _ = picker.finish()
        return level
    }

    /// A folder the user may not read, met as an unprivileged user (root reads everything):
    /// the window says so, and after the folder is opened up, Ctrl+R scans again.
    func testAnUnreadableFolderSaysWhyAndTryAgainRescans() throws {
        guard getuid() == 0 else { throw XCTSkip("needs root, to run the picker as the user nobody") }
        guard let setpriv = Binaries.which("setpriv") else { throw XCTSkip("setpriv (util-linux) is not installed") }
        // Everything the picker needs must be reachable by nobody: the folders and the binary.
        chmod(dir.path, 0o755)
        let home = dir.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        _ = try ProcessRunner.run("/bin/chown", ["-R", "nobody", home])
        let locked = dir.path + "/Private"
        try ImageFactory.write(locked + "/secret.jpg", width: 40, height: 30, format: .jpeg)
        chmod(locked + "/secret.jpg", 0o644)
        chmod(locked, 0o000)
        let probe = try ProcessRunner.run(setpriv, ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/bin/ls", locked])
        guard probe.status != 0 else { throw XCTSkip("nobody can read a 000 folder here; cannot check") }
        let exe = try ProcessRunner.run(setpriv, ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/test", "-x", Binaries.photopick])
        guard exe.status == 0 else { throw XCTSkip("the user nobody cannot run \(Binaries.photopick)") }

        let picker = try PickerDriver(arguments: [locked],
                                      environment: ["PHOTOPICK_TRACE": "1", "HOME": home, "XDG_CONFIG_HOME": home + "/.config",
                                                    "XDG_CACHE_HOME": home + "/.cache", "XDG_DATA_HOME": home + "/.local/share"],
                                      launcher: [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"])
        chmod(locked, 0o755)
        try picker.press("ctrl+r")
        // The rescan finds the photo; Space picks it once it shows.
        let deadline = Date().addingTimeInterval(20)
        var out: ProcessRunner.Output?
        while Date() < deadline {
            try picker.press("space", "Return")
            if !picker.process.isRunning { out = picker.finish(); break }
        }
        let result = try XCTUnwrap(out, "the rescanned photo never became pickable")
        XCTAssertEqual(result.status, 0, result.stderrText)
        XCTAssertEqual(lines(result), [locked + "/secret.jpg"])
        XCTAssertTrue(result.stderrText.contains("status-unreadable"), result.stderrText)
    }
}
