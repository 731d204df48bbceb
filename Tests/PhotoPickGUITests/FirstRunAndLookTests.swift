import Foundation
import TestSupport
import XCTest

/// What a new user sees first: a welcome when the desktop's photo folders are missing or
/// empty, photopick's own icon wherever it runs from, and dark that looks the same however
/// it was asked for.
final class FirstRunAndLookTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
    }

    /// A home without ~/Pictures or ~/Videos: the welcome page, no warning on stderr.
    func testAFirstRunWithoutPicturesIsAWelcome() throws {
        let home = dir.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let picker = try PickerDriver(arguments: [], environment: ["HOME": home, "PHOTOPICK_TRACE": "1"])
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" status-welcome") } }, picker.process.stderrSoFar)
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1, out.stderrText)
        XCTAssertFalse(out.stderrText.contains("warning"), out.stderrText)
        XCTAssertFalse(out.stderrText.contains(" status-unreadable"), out.stderrText)
    }

    /// Run from the build folder with only the system's data folders (as `make run` does,
    /// installing nothing), the icon theme still finds photopick's icon for About and the window.
    func testTheAppIconIsFoundWhenRunningUninstalled() throws {
        let picker = try PickerDriver(arguments: [dir.path], environment: ["XDG_DATA_DIRS": "/usr/share", "PHOTOPICK_TRACE": "1"])
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.contains(" app-icon ") } }, picker.process.stderrSoFar)
        XCTAssertTrue(picker.process.stderrSoFar.contains(" app-icon found"), picker.process.stderrSoFar)
        try picker.press("Escape")
        _ = picker.finish()
    }

    /// An installed photopick started by its bare name from PATH, in another folder (as a
    /// desktop entry or a script starts it), styles its window with its installed stylesheet:
    /// argv[0] is then only `photopick`, and the packaged window once came up unstyled.
    func testAnInstalledCopyStartedFromPathUsesItsOwnStylesheet() throws {
        let prefix = dir.path + "/prefix", empty = dir.path + "/Empty"
        for folder in [prefix + "/bin", prefix + "/share/photopick", empty] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: Binaries.photopick, toPath: prefix + "/bin/photopick")
        let installed = prefix + "/share/photopick/photopick.css"
        try FileManager.default.copyItem(atPath: Repository.root + "/data/photopick.css", toPath: installed)
        let picker = try PickerDriver(program: "/usr/bin/env", ["-C", "/", "photopick", empty],
                                      environment: ["PATH": prefix + "/bin:/usr/bin:/bin", "PHOTOPICK_TRACE": "1"])
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" status-empty") } }, picker.process.stderrSoFar)
        let stylesheets = picker.process.stderrSoFar.split(separator: "\n").filter { $0.contains(" stylesheet ") }
        XCTAssertEqual(stylesheets.map { String($0.split(separator: " ", maxSplits: 3).last ?? "") }, [installed])
        try picker.press("Escape")
        _ = picker.finish()
    }

    /// The window in dark, asked for through the desktop's colour scheme and through
    /// GTK_THEME=Adwaita:dark, is the same picture (GTK_THEME once swapped libadwaita's look for
    /// GTK's plain Adwaita: square corners, other colours).
    func testDarkLooksTheSameThroughTheDesktopAndThroughGTKTheme() throws {
        guard Binaries.which("compare") != nil else { throw XCTSkip("ImageMagick is not installed (make deps installs it)") }
        let empty = dir.path + "/Empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        func shot(_ environment: [String: String], _ name: String) throws -> String {
            let picker = try PickerDriver(arguments: [empty], environment: environment.merging(["PHOTOPICK_TRACE": "1"]) { $1 })
            XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" status-empty") } }, picker.process.stderrSoFar)
            XCTAssertTrue(picker.process.stderrSoFar.contains(" style dark"), picker.process.stderrSoFar)
            _ = try picker.place("button status 0")  // the page painted, with its button
            let path = dir.path + "/\(name).png"
            picker.screenshot(path)
            try picker.press("Escape")
            _ = picker.finish()
            return path
        }
        let desktop = try shot(["ADW_DEBUG_COLOR_SCHEME": "prefer-dark"], "desktop")
        let theme = try shot(["GTK_THEME": "Adwaita:dark"], "theme")
        let env = ["PATH": "/usr/bin:/bin"]
        for path in [desktop, theme] {
            _ = try ProcessRunner.run("/usr/bin/env", ["convert", path, "-crop", "1024x720+0+0", "+repage", path], environment: env)
        }
        let diff = try ProcessRunner.run("/usr/bin/env", ["compare", "-metric", "AE", "-fuzz", "2%", desktop, theme, "null:"], environment: env)
        let differing = Int(diff.stderrText.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        // A caret or an animation caught at another frame differs by a pixel or two (1 pixel,
        // once, on Debian 13 under load); GTK's plain Adwaita differs by far more: each square
        // window corner alone is some 30 pixels, and its colours are everywhere.
        XCTAssertTrue((0...16).contains(differing), "\(differing) pixels differ between dark through the desktop and through GTK_THEME")
    }
}
