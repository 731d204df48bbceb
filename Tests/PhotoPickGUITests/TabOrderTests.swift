import Foundation
import TestSupport
import XCTest

/// The Tab order: the album list and the tray are one stop each (the arrow keys move inside
/// them), so Tab goes around the window in a dozen presses however many albums and picks.
final class TabOrderTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root: String!

    /// Twelve folders of one photo each: fourteen albums with All Photos and Recently Added.
    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        root = dir.path + "/Pictures"
        for i in 0..<12 {
            let path = root + "/Folder \(i)/photo-\(i).jpg"
            try ImageFactory.write(path, width: 40, height: 30, format: .jpeg)
            try ImageFactory.setModified(path, Date().timeIntervalSince1970 - Double(i) * 60)
        }
    }

    /// The widgets the focus visited, from the trace's `focus …` marks.
    private func focusMarks(_ out: ProcessRunner.Output) -> [String] {
        out.stderrText.split(separator: "\n").compactMap { line in
            line.range(of: " focus ").map { String(line[$0.upperBound...]) }
        }
    }

    func testTabGoesAroundTheWindowVisitingTheAlbumsAndTheTrayOnce() throws {
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.press("space", "Right", "space", "Right", "space", "ctrl+f")
        for _ in 0..<30 { try picker.press("Tab") }
        try picker.press("Escape", "Escape")  // clears the search, if there; then cancels
        let out = picker.finish()
        let marks = focusMarks(out)
        // One turn: from the search field (Ctrl+F) to the search field again.
        let start = try XCTUnwrap(marks.firstIndex { $0.hasPrefix("GtkText") }, out.stderrText)
        let end = try XCTUnwrap(marks[(start + 1)...].firstIndex { $0.hasPrefix("GtkText") }, "Tab never came back: \(marks)")
        let turn = Array(marks[(start + 1)..<end])
        XCTAssertEqual(turn.filter { $0.hasPrefix("GtkListItemWidget") }.count, 1, "the 14 albums are one stop: \(turn)")
        XCTAssertEqual(turn.filter { $0.contains(".tray-item") }.count, 1, "the 3 picks are one stop: \(turn)")
        XCTAssertTrue(turn.contains { $0.contains(".suggested-action") }, "Add is on the way: \(turn)")
        XCTAssertLessThanOrEqual(turn.count + 1, 12, "Tabs for one turn: \(turn)")
    }

    /// Shift+Tab from the search field reaches the albums, the arrows choose among them, and
    /// one Tab goes back to the search field.
    func testArrowsMoveThroughTheAlbumsAndTabLeavesThem() throws {
        let picker = try PickerDriver(arguments: [root])
        try picker.press("ctrl+f", "shift+Tab", "End", "Up")  // the last album, then the one above: Folder 10
        try picker.press("Tab")
        try picker.type("photo-1")  // in the search field: photo-10 is the one match in Folder 10
        try picker.press("Down", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, root + "/Folder 10/photo-10.jpg\n")
    }

    /// Tab from the grid reaches the tray's first pick, Right the next, Delete unpicks it.
    func testArrowsMoveThroughTheTray() throws {
        let picker = try PickerDriver(arguments: [root])
        try picker.press("space", "Right", "space", "Right", "space", "Tab", "Right", "Delete", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, root + "/Folder 0/photo-0.jpg\n" + root + "/Folder 2/photo-2.jpg\n")
    }
}
