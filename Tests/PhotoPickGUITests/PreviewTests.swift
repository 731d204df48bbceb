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

    func testSpaceInThePreviewPicksAndEscapeOnlyClosesThePreview() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("alt+Return")
        usleep(300_000)
        try picker.press("space", "Escape")
        usleep(400_000)
        XCTAssertTrue(picker.process.isRunning, "Escape in the preview must not cancel the picker")
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[0]])
    }

    func testDoubleClickOpensThePreviewWithoutChangingThePicks() throws {
        let picker = try PickerDriver(arguments: [library.root], environment: ["PHOTOPICK_TRACE": "1"])
        // The second tile of the first row. Each key waits for the preview to be up: an Escape
        // that reached the grid first would cancel the whole pick.
        try picker.after({ try picker.doubleClick(x: 530, y: 140) }, expectTrace: " preview-decoded ")
        try picker.press("Escape")
        usleep(300_000)
        XCTAssertTrue(picker.process.isRunning)
        try picker.press("Return")  // nothing picked: not done
        usleep(300_000)
        XCTAssertTrue(picker.process.isRunning, "a double-click must leave the tile as it was")
        try picker.after({ try picker.doubleClick(x: 530, y: 140) }, expectTrace: " preview-decoded ")
        try picker.press("space", "Return")  // Return in the preview is Done
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1]])
    }

    func testNextAndPreviousInThePreview() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("alt+Return")
        usleep(300_000)
        // Right, Right, Left: the second photo; pick it, then the fourth.
        try picker.press("Right", "Right", "Left", "space", "Right", "Right", "space", "Escape")
        usleep(300_000)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1], library.newestFirst[3]])
    }

    func testSpaceTwiceInThePreviewUnpicksAndTheGridFocusFollows() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("alt+Return")
        usleep(300_000)
        try picker.press("Right", "space", "space", "Right", "Escape")
        usleep(300_000)
        // Back in the grid, the focus is on the photo last previewed (the third).
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[2]])
    }
}
