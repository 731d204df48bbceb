import Foundation
import TestSupport
import XCTest

/// The selection bar below the grid: its tray of picked thumbnails in pick order. Tray
/// items are 48-px squares 6 px apart, after the summary, in the default 1024×720 window.
final class SelectionTrayTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func lines(_ output: ProcessRunner.Output) -> [String] {
        output.stdoutText.split(separator: "\n").map(String.init)
    }

    func testClickingATrayItemUnpicksIt() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space", "Right", "space", "Right", "space")
        try picker.click(x: picker.traySpot(1).x, y: picker.traySpot(1).y)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[0], library.newestFirst[2]], "the second pick left the result")
    }

    func testDraggingATrayItemReordersTheResult() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space", "Right", "space", "Right", "space")
        // The first pick, dragged past the middle of the third: it goes last.
        try picker.drag(from: picker.traySpot(0), to: (x: picker.traySpot(2).x + 20, y: picker.traySpot(2).y))
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1], library.newestFirst[2], library.newestFirst[0]])
    }

    func testDraggingBackToTheStartAndAShortWiggleIsStillAClick() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space", "Right", "space", "Right", "space")
        // The third pick, dragged before the first.
        try picker.drag(from: picker.traySpot(2), to: (x: picker.traySpot(0).x - 20, y: picker.traySpot(0).y))
        // A press that moves less than the drag threshold is a click: the (new) second item goes.
        try picker.drag(from: picker.traySpot(1), to: (x: picker.traySpot(1).x + 3, y: picker.traySpot(1).y), steps: 2)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[2], library.newestFirst[1]])
    }

    /// Ctrl+Right moves the focused pick along the tray and the focus goes with it: a second
    /// Ctrl+Right moves the same pick again, to the end.
    func testCtrlArrowsMoveAPickAndTheFocusFollowsIt() throws {
        let picker = try PickerDriver(arguments: [library.root], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.press("space", "Right", "space", "Right", "space")
        // Each key only once the one before has landed: sent at once, the Ctrl+Right presses
        // once moved nothing (Debian 13, CI).
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" picked 3") } }, picker.process.stderrSoFar)
        try picker.press("Tab")
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" tray-focus 0 of 3") } }, picker.process.stderrSoFar)
        for step in 1...2 {
            try picker.press("ctrl+Right")
            XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" tray-move \(step - 1) to \(step)") } },
                          picker.process.stderrSoFar)
            XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" tray-focus \(step) of 3") } },
                          picker.process.stderrSoFar)
        }
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1], library.newestFirst[2], library.newestFirst[0]])
    }

    /// Delete unpicks the focused pick and the focus goes to the next one, so a second Delete
    /// unpicks that.
    func testDeleteUnpicksAndTheFocusGoesToTheNextPick() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space", "Right", "space", "Right", "space", "Tab")
        try picker.press("Delete", "Delete", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[2]])
    }

    /// The strip follows the picks: with twenty picked (Ctrl+A) and room for about ten, the
    /// item at its right end is the twentieth pick, and a click there unpicks it.
    func testTheNewestPickScrollsIntoView() throws {
        let root = dir.path + "/Twenty"
        for i in 0..<20 {
            let path = root + "/photo-\(i).jpg"
            try ImageFactory.write(path, width: 40, height: 30, format: .jpeg)
            try ImageFactory.setModified(path, Date().timeIntervalSince1970 - Double(i) * 60)
        }
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.after({ try picker.press("ctrl+a") }, expectTrace: " tray-end-in-view 20")
        // The last pick the window shows whole, at the strip's right end.
        let width = try picker.windowSize().width
        let last = try XCTUnwrap(picker.places("tray ").filter { $0.x < width }.max { $0.x < $1.x })
        try picker.click(x: last.x, y: last.y)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), (0..<19).map { root + "/photo-\($0).jpg" })
    }
}
