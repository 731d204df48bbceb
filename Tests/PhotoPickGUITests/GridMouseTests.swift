import Foundation
import TestSupport
import XCTest

/// Picking with the pointer on the grid: click, Shift+click, dragging across tiles (with
/// the auto-scroll at the edges), and the maximum.
final class GridMouseTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    func testShiftClickPicksTheRangeFromTheLastClick() throws {
        let picker = try PickerDriver(arguments: [library.root])
        let second = try picker.tileSpot(column: 1, row: 0), sixth = try picker.tileSpot(column: 1, row: 1)
        try picker.click(x: second.x, y: second.y)
        try picker.shiftClick(x: sixth.x, y: sixth.y)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), Array(library.newestFirst[1...5]))
    }

    func testTheMaximumRefusesTheThirdClick() throws {
        let picker = try PickerDriver(arguments: ["--max", "2", library.root])
        for column in 0..<3 {
            let tile = try picker.tileSpot(column: column, row: 0)
            try picker.click(x: tile.x, y: tile.y)
        }
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), Array(library.newestFirst[0..<2]))
    }

    func testDraggingAcrossTilesPicksThem() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.drag(from: picker.tileSpot(column: 0, row: 0), to: picker.tileSpot(column: 1, row: 1))
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), Array(library.newestFirst[0...5]), "everything from the first tile to the last, in order")
    }

    func testDraggingFromAPickedTileUnpicks() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("ctrl+a")
        try picker.drag(from: picker.tileSpot(column: 0, row: 0), to: picker.tileSpot(column: 2, row: 0))
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), Array(library.newestFirst[3...]))
    }

    /// 200 photos fill about 50 rows; the window shows about three. Holding the pointer
    /// below the grid scrolls it, and the sweep takes in what scrolls past.
    func testDraggingToTheBottomEdgeScrollsAndPicksWhatWasOffScreen() throws {
        let numbered = try GridLibrary.numbered(in: dir, count: 200)
        let picker = try PickerDriver(arguments: [numbered.root])
        let start = try picker.tileSpot(column: 0, row: 0)
        try picker.drag(from: start, to: (x: start.x + 20, y: 712), hold: 2.5)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        let picked = outputLines(out)
        XCTAssertGreaterThan(picked.count, 24, "only \(picked.count) picked: the grid did not scroll")
        XCTAssertEqual(picked, Array(numbered.newestFirst.prefix(picked.count)), "a run in display order from the first tile")
    }

    /// A press held still before moving is a drag out to another program, not a sweep.
    func testAStillPressThenMoveDragsOutInsteadOfPicking() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.drag(from: picker.tileSpot(column: 0, row: 0), to: picker.tileSpot(column: 2, row: 1), holdFirst: 0.9)
        let fifth = try picker.tileSpot(column: 0, row: 1)
        try picker.click(x: fifth.x, y: fifth.y)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.newestFirst[4]])
    }

    /// Ctrl+scroll up makes the tiles bigger: three columns instead of four, so Down moves by three.
    func testCtrlScrollZooms() throws {
        let picker = try PickerDriver(arguments: [library.root])
        let tile = try picker.tileSpot(column: 1, row: 0)
        try picker.xdo(["mousemove", "--window", picker.windowID, String(tile.x), String(tile.y)])
        try picker.handling(.scroll) { try picker.xdo(["keydown", "ctrl", "click", "4", "keyup", "ctrl"]) }
        try picker.press("Down", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.newestFirst[3]])
    }
}
