import Foundation
import TestSupport
import XCTest

/// The user's picks are never changed behind their back: the focus Space acts on stays where
/// the user is looking while the grid reorders, a double-click leaves the picks and their
/// order alone, and one stray Escape (or closing the window) never throws picks away.
final class PicksNeverGoWrongTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private let traced = ["PHOTOPICK_TRACE": "1"]

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
    }

    /// Makes `path` the oldest photo of the library: it moves from the top of the grid (newest
    /// first) to its very end, far off screen, as a photo whose real date is read late does.
    private func makeOldest(_ path: String) throws {
        try ImageFactory.write(path, width: 48, height: 36, format: .jpeg, color: (250, 250, 0))
        try ImageFactory.setModified(path, 1_000_000_000)
    }

    /// Waits until the grid has shown a change of files that moved `path`'s tile.
    private func waitForArrival(_ picker: PickerDriver) throws {
        guard picker.waitForTrace(until: { $0.contains { $0.contains(" grid-refocused ") } }) else {
            throw GUITestError("the grid never showed the change: \(picker.process.stderrSoFar)")
        }
    }

    /// Until the user moves it, the focus stays on the first tile: when the photo there moves
    /// far away, Space picks the photo now first, the one the user sees focused.
    func testTheOpeningFocusStaysOnTheFirstTileWhenItsPhotoMovesAway() throws {
        let library = try GridLibrary.numbered(in: dir, count: 60)
        let picker = try PickerDriver(arguments: [library.root], environment: traced)
        let before = picker.traceCount(" grid-refocused ")
        try makeOldest(library.newestFirst[0])
        XCTAssertTrue(picker.waitForTrace { _ in
            picker.process.stderrSoFar.split(separator: "\n").contains { $0.contains(" grid-refocused 0 of 60") }
                && picker.traceCount(" grid-refocused ") > before
        }, picker.process.stderrSoFar)
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.newestFirst[1]], "Space picked a photo that is not on screen")
    }

    /// A photo the user focused that moves off the screen leaves the focus at its place: Space
    /// picks the tile the user sees focused, not the photo somewhere below.
    func testAFocusedPhotoThatMovesOffScreenLeavesTheFocusWhereTheUserLooks() throws {
        let library = try GridLibrary.numbered(in: dir, count: 60)
        let picker = try PickerDriver(arguments: [library.root], environment: traced)
        try picker.press("Right")  // the second tile: p001
        try makeOldest(library.newestFirst[1])
        try waitForArrival(picker)
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.contains(" grid-refocused 1 of 60") } }, picker.process.stderrSoFar)
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.newestFirst[2]], "the focus went with the photo off the screen")
    }

    /// Double-clicking picked photo #1 opens the preview and leaves it #1: the picks and their
    /// order are as they were.
    func testADoubleClickKeepsThePicksAndTheirOrder() throws {
        let library = try GridLibrary.numbered(in: dir, count: 12)
        let picker = try PickerDriver(arguments: [library.root], environment: traced)
        for column in 0..<3 {
            let tile = try picker.tileSpot(column: column, row: 0)
            try picker.after({ try picker.click(x: tile.x, y: tile.y) }, expectTrace: " picked ")
        }
        let first = try picker.tileSpot(column: 0, row: 0)
        try picker.after({ try picker.doubleClick(x: first.x, y: first.y) }, expectTrace: " preview-decoded ")
        try picker.press("Escape")  // back to the grid
        XCTAssertTrue(picker.stillRunning(after: 0.3))
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), Array(library.newestFirst[0..<3]), "the double-click changed the picks or their order")
    }

    /// The README's flow: Ctrl+F, type, Down, Space. Escape then leaves the search (the picks
    /// stay); the next Escape asks before discarding them, and Keep Picking keeps them.
    func testEscapeLeavesTheSearchThenAsksBeforeDiscardingPicks() throws {
        let library = try GridLibrary.numbered(in: dir, count: 12)
        let picker = try PickerDriver(arguments: [library.root], environment: traced)
        try picker.press("ctrl+f")
        try picker.after({ try picker.type("p00") }, expectTrace: " grid-arranged ")
        try picker.press("Down")
        try picker.after({ try picker.press("space") }, expectTrace: " picked 1")
        try picker.after({ try picker.press("Escape") }, expectTrace: " grid-arranged ")  // the search is left
        XCTAssertTrue(picker.process.isRunning, "Escape after a search cancelled the picker")
        try picker.after({ try picker.press("Escape") }, expectTrace: " discard-asked 1")
        try picker.after({ try picker.press("Escape") }, expectTrace: " discard-answered keep")
        XCTAssertTrue(picker.stillRunning(after: 0.3), "Keep Picking must keep the window")
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(outputLines(out), [library.newestFirst[0]])
    }

    /// Return in the dialog is its default, Keep Picking; Discard (Alt+D) cancels: exit 1,
    /// nothing printed.
    func testDiscardCancelsAndReturnKeepsPicking() throws {
        let library = try GridLibrary.numbered(in: dir, count: 12)
        let picker = try PickerDriver(arguments: [library.root], environment: traced)
        try picker.after({ try picker.press("space") }, expectTrace: " picked 1")
        try picker.after({ try picker.press("Escape") }, expectTrace: " discard-asked 1")
        try picker.after({ try picker.press("Return") }, expectTrace: " discard-answered keep")
        try picker.after({ try picker.press("Escape") }, expectTrace: " discard-asked 1")
        try picker.press("alt+d")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1, out.stderrText)
        XCTAssertEqual(out.stdoutText, "")
    }

    /// Closing the window with picks asks the same; without picks it closes at once.
    func testClosingTheWindowWithPicksAsksFirst() throws {
        let library = try GridLibrary.numbered(in: dir, count: 12)
        let picker = try PickerDriver(arguments: [library.root], environment: traced)
        try picker.after({ try picker.press("space") }, expectTrace: " picked 1")
        // The header's close button, at the window's top right corner.
        let size = try picker.windowSize()
        try picker.after({ try picker.click(x: size.width - 28, y: 27) }, expectTrace: " discard-asked 1")
        try picker.after({ try picker.press("Escape") }, expectTrace: " discard-answered keep")
        try picker.after({ try picker.press("space") }, expectTrace: " picked 0")  // nothing left to lose
        try picker.click(x: size.width - 28, y: 27)
        let out = picker.finish()
        XCTAssertEqual(out.status, 1, out.stderrText)
        XCTAssertEqual(picker.traceCount(" discard-asked "), 1, "closing without picks asked anyway")
    }

    /// A caller's own cancel (SIGTERM: the portal's Close, a script giving up) ends at once,
    /// picks or not.
    func testACallersCancelEndsAtOnceWithPicks() throws {
        let library = try GridLibrary.numbered(in: dir, count: 12)
        let picker = try PickerDriver(arguments: [library.root], environment: traced)
        try picker.after({ try picker.press("space") }, expectTrace: " picked 1")
        kill(picker.process.process.processIdentifier, SIGTERM)
        let out = picker.finish()
        XCTAssertEqual(out.status, 1, out.stderrText)
        XCTAssertEqual(picker.traceCount(" discard-asked "), 0)
    }
}
