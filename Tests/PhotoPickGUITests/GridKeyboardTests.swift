import Foundation
import TestSupport
import XCTest

/// The grid by keyboard alone: focus moves, ranges, Ctrl+A, the limits, zoom and groups.
final class GridKeyboardTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    func testCtrlAPicksEverythingUpToTheMaximum() throws {
        let picker = try PickerDriver(arguments: ["--max", "3", library.root])
        try picker.press("ctrl+a", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), Array(library.newestFirst[0..<3]))
    }

    func testShiftCtrlAUnpicksEverything() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("ctrl+a", "shift+ctrl+a", "End", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.newestFirst.last!])
    }

    /// End, Home, Shift+arrows (growing and shrinking the run), Page Down, on 200 photos in
    /// four columns.
    func testHomeEndPageDownAndShiftArrows() throws {
        let numbered = try GridLibrary.numbered(in: dir, count: 200)
        let picker = try PickerDriver(arguments: [numbered.root])
        try picker.press("End", "space", "Home", "shift+Right", "shift+Right", "shift+Right", "shift+Left",
                         "Page_Down", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        let picked = outputLines(out)
        XCTAssertEqual(Array(picked.prefix(4)), [numbered.newestFirst[199]] + numbered.newestFirst[0...2])
        XCTAssertEqual(picked.count, 5, "\(picked)")
        let paged = picked.last.flatMap { numbered.newestFirst.firstIndex(of: $0) } ?? -1
        XCTAssertTrue(paged > 2 + 4 && paged % 4 == 2, "Page Down from the third tile landed on tile \(paged)")
    }

    func testTheMinimumHoldsReturnBack() throws {
        let picker = try PickerDriver(arguments: ["--min", "2", library.root])
        try picker.press("space", "Return")
        XCTAssertTrue(picker.stillRunning(), "Done with one of at least two must not finish")
        try picker.press("Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), Array(library.newestFirst[0..<2]))
    }

    /// Bigger tiles, fewer columns: Down moves by three instead of four; Ctrl+0 goes back.
    func testCtrlPlusMakesTilesBiggerAndCtrlZeroRestores() throws {
        let bigger = try PickerDriver(arguments: [library.root])
        try bigger.press("ctrl+plus", "Down", "space", "Return")
        let out = bigger.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.newestFirst[3]])

        let restored = try PickerDriver(arguments: [library.root])
        try restored.press("ctrl+plus", "ctrl+0", "Down", "space", "Return")
        let back = restored.finish()
        XCTAssertEqual(back.status, 0, back.stderrText)
        XCTAssertEqual(outputLines(back), [library.newestFirst[4]])
    }

    func testCtrlMinusMakesTilesSmaller() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("ctrl+minus", "Right", "Right", "Right", "Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        // Five columns now: the fifth tile is still on the first row, so Down would not reach it.
        XCTAssertEqual(outputLines(out), [library.newestFirst[4]])
    }

    func testCtrlGPicksTheFocusedTilesGroup() throws {
        let months = try GridLibrary.months(in: dir)
        let picker = try PickerDriver(arguments: ["--group", "month", months.root])
        // Down from March (three tiles) goes to February; Ctrl+G picks February alone.
        try picker.press("Down", "ctrl+g", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [months.newestFirst[3]])
    }

    func testUndoAndRedo() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space", "Right", "space", "ctrl+z", "ctrl+z", "shift+ctrl+z", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.newestFirst[0]])
    }

    /// Shift+Tab leaves the grid for the toolbar's size slider in one step, and Tab comes back
    /// to the same tile (were the slider still focused, Right would resize the tiles instead).
    func testTabLeavesAndReentersTheGrid() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("Right", "shift+Tab", "Tab", "Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.newestFirst[2]])
    }
}
