import Foundation
import TestSupport
import XCTest

/// The chooser's options as the window honours them, Copy mode and opening files.
final class ChooserWindowTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func lines(_ out: ProcessRunner.Output) -> [String] { out.stdoutText.split(separator: "\n").map(String.init) }

    func testSingleMovesThePickToTheNextPhoto() throws {
        let picker = try PickerDriver(arguments: ["--single", library.root])
        try picker.press("space", "Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1]], "picking another photo moves the single pick to it")
    }

    /// A preselected photo far down the grid has the focus (and so is scrolled into view)
    /// when the window opens: Right then goes to the photo after it.
    func testThePreselectedPhotoHasTheFocusAtOpening() throws {
        let root = dir.path + "/Many"
        for i in 0..<200 {
            let path = root + "/photo-\(i).jpg"
            try ImageFactory.write(path, width: 40, height: 30, format: .jpeg)
            try ImageFactory.setModified(path, 1_700_000_000 - Double(i) * 60)  // photo-0 newest
        }
        let picker = try PickerDriver(arguments: ["--select", root + "/photo-198.jpg", root])
        try picker.press("Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [root + "/photo-198.jpg", root + "/photo-199.jpg"])
    }

    func testMaxAndMin() throws {
        let picker = try PickerDriver(arguments: ["--max", "2", "--min", "2", library.root])
        try picker.press("space", "Return")
        XCTAssertTrue(picker.stillRunning(), "one pick is below --min 2")
        try picker.press("Right", "space", "Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[0], library.newestFirst[1]], "the third pick is over --max 2")
    }

    func testPreselectAlbumTypeAndPattern() throws {
        let pre = try PickerDriver(arguments: ["--select", library.root + "/2024/Trip/trip-2.jpg", library.root])
        try pre.press("Return")
        XCTAssertEqual(lines(pre.finish()), [library.root + "/2024/Trip/trip-2.jpg"])

        let album = try PickerDriver(arguments: ["--album", "Screenshots", library.root])
        try album.press("space", "Return")
        XCTAssertEqual(lines(album.finish()), [library.root + "/Screenshots/shot-2.png"])

        let pattern = try PickerDriver(arguments: ["--pattern", "TRIP-[13].*", library.root])
        try pattern.press("space", "Right", "space", "Return")
        XCTAssertEqual(lines(pattern.finish()), [library.root + "/2024/Trip/trip-3.jpg", library.root + "/2024/Trip/trip-1.jpg"])

        let mime = try PickerDriver(arguments: ["--type", "photos", "--mime-type", "image/png", library.root])
        try mime.press("space", "Right", "space", "Return")
        XCTAssertEqual(lines(mime.finish()), [library.root + "/Screenshots/shot-2.png", library.root + "/Screenshots/shot-1.png"])
    }

    func testUnknownAlbumWarnsAndShowsAllPhotos() throws {
        let picker = try PickerDriver(arguments: ["--album", "Nope", library.root])
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0)
        XCTAssertEqual(lines(out), [library.newestFirst[0]])
        XCTAssertTrue(out.stderrText.contains("photopick: warning: no album named 'Nope'; showing All Photos"), out.stderrText)
    }

    func testAcceptLabelStillAccepts() throws {
        let picker = try PickerDriver(arguments: ["--accept-label", "_Use", "--title", "Choose a cover", library.root])
        let title = try ProcessRunner.run("/usr/bin/env", ["xdotool", "getwindowname", picker.windowID],
                                          environment: ["DISPLAY": picker.server.display, "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(title.stdoutText, "Choose a cover\n")
        try picker.press("space", "Return")
        XCTAssertEqual(picker.finish().status, 0)
    }

    // MARK: Copy mode

    private func clipboard(_ target: String, display: String) throws -> ProcessRunner.Output {
        guard let xclip = Binaries.which("xclip") else { throw XCTSkip("xclip is not installed (make deps installs it)") }
        return try ProcessRunner.run(xclip, ["-o", "-selection", "clipboard", "-t", target], environment: ["DISPLAY": display], timeout: 10)
    }

    func testCopyPutsFilesOnTheClipboardAndStaysOpen() throws {
        let picker = try PickerDriver(arguments: ["--copy", library.root])
        try picker.press("space", "Right", "space", "Return")
        XCTAssertTrue(picker.stillRunning(), "the window stays open to serve the clipboard")
        let uris = try clipboard("text/uri-list", display: picker.server.display)
        XCTAssertEqual(uris.stdoutText, "file://\(library.newestFirst[0])\r\nfile://\(library.newestFirst[1])\r\n")
        let gnome = try clipboard("x-special/gnome-copied-files", display: picker.server.display)
        XCTAssertEqual(gnome.stdoutText, "copy\nfile://\(library.newestFirst[0])\nfile://\(library.newestFirst[1])")
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, "closing after a copy: the files were handed over")
        XCTAssertTrue(out.stdout.isEmpty)
    }

    func testCopyModeClosedWithoutCopyingIsACancel() throws {
        let picker = try PickerDriver(arguments: ["--copy", library.root])
        try picker.press("space", "Escape")
        try picker.discardPicks()
        XCTAssertEqual(picker.finish().status, 1)
    }

    func testShiftF10OpensTheFocusedPhotosMenuFromTheKeyboard() throws {
        let picker = try PickerDriver(arguments: [library.root])
        // No pick, focus on the second photo: Copy takes that photo alone.
        try picker.press("Right")
        try picker.after({ try picker.press("shift+F10") }, expectTrace: " menu photo shown")
        try picker.press("Down", "Return")
        XCTAssertEqual(try clipboard("text/uri-list", display: picker.server.display).stdoutText,
                       "file://\(library.newestFirst[1])\r\n")
        // The menu is gone and the grid has the keys again: Space picks the focused photo.
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, library.newestFirst[1] + "\n")
    }

    func testContextMenuCopyInAChooserStillCancelsWithOne() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space")  // the first tile is picked: Copy takes every picked file
        try picker.after({ try picker.rightClick(on: "tile " + library.newestFirst[0]) }, expectTrace: " menu photo shown")
        try picker.press("Down", "Return")
        XCTAssertEqual(try clipboard("text/uri-list", display: picker.server.display).stdoutText,
                       "file://\(library.newestFirst[0])\r\n")
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1, "a caller reading stdout gets its cancel")
        XCTAssertTrue(out.stdout.isEmpty)
    }

    // MARK: Opening with the default application

    /// A private default application for JPEG and PNG that records what it was asked to open.
    private func fakeViewer() throws -> (env: [String: String], log: String) {
        let log = dir.path + "/opened.txt"
        let apps = dir.path + "/xdg/data/applications", config = dir.path + "/xdg/config"
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("""
            [Desktop Entry]
            Type=Application
            Name=Fake Viewer
            Exec=/bin/sh -c 'printf "%%s\\\\n" "$1" >> \(log)' sh %u
            MimeType=image/jpeg;image/png;

            """.utf8).write(to: URL(fileURLWithPath: apps + "/fake-viewer.desktop"))
        try Data("[Default Applications]\nimage/jpeg=fake-viewer.desktop\nimage/png=fake-viewer.desktop\n".utf8)
            .write(to: URL(fileURLWithPath: config + "/mimeapps.list"))
        return (["XDG_DATA_HOME": dir.path + "/xdg/data", "XDG_CONFIG_HOME": config], log)
    }

    private func waitForLine(in path: String) -> String? {
        for _ in 0..<250 {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") { return text }
            usleep(20_000)
        }
        return nil
    }

    func testControlOOpensTheFocusedFile() throws {
        let viewer = try fakeViewer()
        let picker = try PickerDriver(arguments: [library.root], environment: viewer.env)
        try picker.press("Right", "ctrl+o")
        let opened = waitForLine(in: viewer.log)
        XCTAssertEqual(opened.map { [String]($0.split(separator: "\n").map(String.init)) }, [library.newestFirst[1]])
        XCTAssertTrue(picker.process.isRunning, "opening does not end the picker")
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
    }

    func testContextMenuOpens() throws {
        let viewer = try fakeViewer()
        let picker = try PickerDriver(arguments: [library.root], environment: viewer.env)
        // Right-click the first tile, then choose Open (the menu's first item, focused).
        try picker.after({ try picker.rightClick(on: "tile " + library.newestFirst[0]) }, expectTrace: " menu photo shown")
        try picker.press("Return")
        let opened = waitForLine(in: viewer.log)
        XCTAssertEqual(opened, library.newestFirst[0] + "\n")
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
    }
}
