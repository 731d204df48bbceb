import Foundation
import TestSupport
import XCTest

/// The large preview: Alt+Return opens it on the focused tile; inside, Space picks, the
/// arrows move through the album, Escape goes back to the grid (the picker stays open).
final class PreviewTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func lines(_ output: ProcessRunner.Output) -> [String] {
        output.stdoutText.split(separator: "\n").map(String.init)
    }

    /// The keyboard focus back on the grid, where Escape from the preview puts it.
    static let gridFocused = " focus GtkOverlay.photo-grid-area"

    func testSpaceInThePreviewPicksAndEscapeOnlyClosesThePreview() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.after({ try picker.press("alt+Return") }, expectTrace: " preview-decoded ")
        try picker.press("space", "Escape")
        XCTAssertTrue(picker.stillRunning(), "Escape in the preview must not cancel the picker")
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[0]])
    }

    func testDoubleClickOpensThePreviewWithoutChangingThePicks() throws {
        let picker = try PickerDriver(arguments: [library.root], environment: ["PHOTOPICK_TRACE": "1"])
        // The second tile of the first row. Each key waits for the preview to be up: an Escape
        // that reached the grid first would cancel the whole pick.
        try picker.waitForTiles(library.newestFirst[0], library.newestFirst[1])
        try picker.after({ try picker.doubleClick(on: "tile " + library.newestFirst[1]) }, expectTrace: " preview-decoded ")
        try picker.after({ try picker.press("Escape") }, expectTrace: Self.gridFocused)
        XCTAssertTrue(picker.stillRunning())
        try picker.press("Return")  // nothing picked: not done
        XCTAssertTrue(picker.stillRunning(), "a double-click must leave the tile as it was")
        try picker.after({ try picker.doubleClick(on: "tile " + library.newestFirst[1]) }, expectTrace: " preview-decoded ")
        try picker.press("space", "Return")  // Return in the preview is Done
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1]])
    }

    func testNextAndPreviousInThePreview() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.after({ try picker.press("alt+Return") }, expectTrace: " preview-decoded ")
        // Right, Right, Left: the second photo; pick it, then the fourth.
        try picker.press("Right", "Right", "Left", "space", "Right", "Right", "space")
        try picker.after({ try picker.press("Escape") }, expectTrace: Self.gridFocused)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1], library.newestFirst[3]])
    }

    func testSpaceTwiceInThePreviewUnpicksAndTheGridFocusFollows() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.after({ try picker.press("alt+Return") }, expectTrace: " preview-decoded ")
        try picker.press("Right", "space", "space", "Right")
        try picker.after({ try picker.press("Escape") }, expectTrace: Self.gridFocused)
        // Back in the grid, the focus is on the photo last previewed (the third).
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[2]])
    }

    /// The details panel breaks a long name between its parts ("IMG_20240716_103000_" /
    /// "Holiday.jpg"), never inside a date or the extension ("….jp" / "g").
    func testTheDetailsPanelBreaksANameBetweenItsParts() throws {
        let root = dir.path + "/Long"
        let name = "IMG_20240716_103000_Holiday_at_the_Beach_with_Friends.jpg"
        try ImageFactory.write(root + "/" + name, width: 640, height: 480, format: .jpeg)
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.after({ try picker.press("alt+Return") }, expectTrace: " preview-name-lines ")
        let line = try XCTUnwrap(picker.process.stderrSoFar.split(separator: "\n").last { $0.contains(" preview-name-lines ") })
        let lines = line.components(separatedBy: " preview-name-lines ")[1].split(separator: "|").map(String.init)
        XCTAssertGreaterThan(lines.count, 1, "the name did not wrap: \(lines)")
        XCTAssertEqual(lines.joined(), name)
        for shown in lines.dropLast() {
            XCTAssertTrue(["_", "-", " ", "."].contains(shown.last.map(String.init) ?? ""), "a line ends inside a part of the name: \(lines)")
        }
        try picker.press("Escape")
        try picker.press("Escape")
        _ = picker.finish()
    }
}
