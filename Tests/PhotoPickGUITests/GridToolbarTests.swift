import Foundation
import TestSupport
import XCTest

/// The toolbar over the grid and the group headers: what they change shows in what Done returns.
final class GridToolbarTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    func testAGroupHeaderPicksItsGroup() throws {
        let months = try GridLibrary.months(in: dir)
        let picker = try PickerDriver(arguments: ["--group", "month", months.root])
        try picker.click(x: GridSpot.firstHeaderSelect.x, y: GridSpot.firstHeaderSelect.y)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), Array(months.newestFirst[0..<3]), "the March group")
    }

    /// The header's Select is drawn as a button: a tinted pill around the word, where a flat
    /// button left the header's own background (it read as plain text). Measured on a
    /// screenshot along the button's middle row: just left of the word's first dark pixel
    /// (inside the pill) against farther left (the header).
    func testTheGroupsSelectIsDrawnAsAButton() throws {
        let months = try GridLibrary.months(in: dir)
        let picker = try PickerDriver(arguments: ["--group", "month", months.root])
        _ = try picker.tileSpot(column: 0, row: 0)  // the grid laid out, headers and all
        let shot = dir.path + "/header.png"
        picker.screenshot(shot)
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
        let image = try RawImageLoader.load(shot, width: 1280, height: 800)
        func level(_ x: Int, _ y: Int) -> Int { image.pixel(x: x, y: y).prefix(3).map(Int.init).reduce(0, +) / 3 }
        let (x0, y) = GridSpot.firstHeaderSelect
        // The word: the first pixel much darker than the header, scanning right across the button.
        let background = level(x0 - 120, y - 6)
        let word = try XCTUnwrap((x0 - 60...x0 + 40).first { level($0, y) < background - 90 }, "no word at the header's right (see \(shot))")
        let insidePill = level(word - 5, y - 5)
        XCTAssertGreaterThan(abs(insidePill - background), 8,
                             "around the word: \(insidePill), the header: \(background) (see \(shot))")
    }

    func testGroupingFromTheToolbarAndUnpickingAGroup() throws {
        let months = try GridLibrary.months(in: dir)
        let picker = try PickerDriver(arguments: [months.root], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.press("ctrl+a")
        // Month. Waits for the grid laid out in groups (choosing closes the menu): the header
        // click below must not meet the old layout or the open menu (which holds the pointer
        // grab and would spend the click on closing itself).
        try picker.choose(.group(2))
        XCTAssertTrue(picker.stillRunning(after: 0))
        // Everything is picked: the first header's button now unpicks March.
        try picker.click(x: GridSpot.firstHeaderSelect.x, y: GridSpot.firstHeaderSelect.y)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), Array(months.newestFirst[3...]), out.stderrText)
    }

    func testTheFilterNarrowsTheGrid() throws {
        let picker = try PickerDriver(arguments: [library.root], environment: ["PHOTOPICK_TRACE": "1"])
        // The drop-down's list has the focus once its popover is up: only then is the choice there to click.
        try picker.after({ try picker.click(on: "button filter") },
                         expectTrace: " focus GtkListItemWidget")
        try picker.after({ try picker.click(x: GridSpot.filterChoice(6).x, y: GridSpot.filterChoice(6).y) },  // PNG
                         expectTrace: " grid-arranged ")
        let first = try picker.tileSpot(column: 0, row: 0)
        try picker.click(x: first.x, y: first.y)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.root + "/Screenshots/shot-2.png"])
    }

    func testSortingByNameAndOldestFirst() throws {
        let picker = try PickerDriver(arguments: [library.root], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.choose(.sort(2))  // Name
        let second = try picker.tileSpot(column: 1, row: 0)
        try picker.click(x: second.x, y: second.y)  // beach, shot-1, shot-2, trip-1…: shot-1
        try picker.choose(.sort(1))  // Oldest First
        let first = try picker.tileSpot(column: 0, row: 0)
        try picker.click(x: first.x, y: first.y)  // trip-1, the oldest
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.root + "/Screenshots/shot-1.png", library.root + "/2024/Trip/trip-1.jpg"])
    }

    func testSearchByNameThenBackToTheGridByKeyboard() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("ctrl+f")
        try picker.typeSearch("TRIP")
        // Down leaves the search for the grid: trip-4, trip-3, trip-2, trip-1.
        try picker.press("Down", "Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.root + "/2024/Trip/trip-3.jpg"])
    }

    func testSearchWithAGlobAndEscapeClearsIt() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("ctrl+f")
        try picker.typeSearch("shot-?.png")
        try picker.press("Down", "ctrl+a", "ctrl+f")
        try picker.press("Escape")  // clears the search and goes back to the grid; nothing is cancelled
        XCTAssertTrue(picker.stillRunning(after: 0.3))
        try picker.press("Home", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.root + "/Screenshots/shot-2.png", library.root + "/Screenshots/shot-1.png",
                                          library.root + "/beach.jpg"])
    }
}
