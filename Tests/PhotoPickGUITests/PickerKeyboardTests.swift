import Foundation
import TestSupport
import XCTest

/// The end-to-end flow of issue 2 on a real window: keys in, paths out.
final class PickerKeyboardTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func lines(_ output: ProcessRunner.Output) -> [String] {
        output.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    func testFocusStartsOnFirstTileAndSpaceReturnPick() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("Right", "space", "Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1], library.newestFirst[2]])
    }

    func testOutputFollowsPickOrderNotGridOrder() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space", "Right", "Right", "Right", "space", "Left", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[0], library.newestFirst[3], library.newestFirst[2]])
    }

    func testSpaceTwiceUnpicks() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space", "Right", "space", "Left", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1]])
    }

    func testDownMovesByARow() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("Down", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        // The default 1024-px window shows four columns.
        XCTAssertEqual(lines(out), [library.newestFirst[4]])
    }

    func testEscapeCancelsWithEmptyOutput() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space", "Escape")
        try picker.discardPicks()
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stdout.isEmpty, "cancel must print nothing, printed: \(out.stdoutText)")
    }

    func testReturnWithNothingPickedDoesNotFinish() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("Return")
        XCTAssertTrue(picker.stillRunning(), "Done with nothing picked must not end the picker")
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
    }
}
