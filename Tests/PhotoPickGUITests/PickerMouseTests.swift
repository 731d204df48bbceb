import Foundation
import TestSupport
import XCTest

/// Mouse interaction on the real window, at the places the window says its tiles, album rows
/// and buttons are (PlaceTrace).
final class PickerMouseTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func lines(_ output: ProcessRunner.Output) -> [String] {
        output.stdoutText.split(separator: "\n").map(String.init)
    }

    /// The library's photo `name` (a path below its root).
    private func tile(_ name: String) -> String { library.root + "/" + name }
    private func folder(_ name: String) -> String { "album folder " + library.root + (name.isEmpty ? "" : "/" + name) }

    func testClickTogglesTilesAndAcceptButtonFinishes() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.waitForTiles(library.newestFirst[0], library.newestFirst[1])
        try picker.click(on: "tile " + library.newestFirst[1])
        try picker.click(on: "tile " + library.newestFirst[0])
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1], library.newestFirst[0]])
    }

    func testCancelButtonExitsOne() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.click(on: "tile " + library.newestFirst[0])
        try picker.click(on: "button cancel")
        try picker.discardPicks()  // a pick was made: Cancel asks first
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stdout.isEmpty)
    }

    func testClosingTheWindowCancels() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space")
        // The header bar's own close button.
        try picker.click(on: "button close")
        try picker.discardPicks()  // a pick was made: closing asks first
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stdout.isEmpty, "closing must print nothing, printed: \(out.stdoutText)")
    }

    func testSmartAlbumAndFolderAlbumRows() throws {
        let picker = try PickerDriver(arguments: [library.root])
        // The smart Screenshots album: its first tile is the newest screenshot.
        try picker.click(on: "album screenshots")
        try picker.waitForTiles(tile("Screenshots/shot-2.png"))
        try picker.click(on: "tile " + tile("Screenshots/shot-2.png"))
        // The root folder album holds only beach.jpg.
        try picker.click(on: folder(""))
        try picker.waitForTiles(tile("beach.jpg"))
        try picker.click(on: "tile " + tile("beach.jpg"))
        // The folder Screenshots, indented under Pictures: its second tile is shot-1.png.
        try picker.click(on: folder("Screenshots"))
        try picker.waitForTiles(tile("Screenshots/shot-2.png"), tile("Screenshots/shot-1.png"))
        try picker.click(on: "tile " + tile("Screenshots/shot-1.png"))
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.root + "/Screenshots/shot-2.png", library.root + "/beach.jpg",
                                    library.root + "/Screenshots/shot-1.png"])
    }

    func testSelectionSurvivesAlbumSwitch() throws {
        let picker = try PickerDriver(arguments: [library.root])
        // All Photos: pick the newest (beach.jpg).
        try picker.press("space")
        // Sidebar: All Photos, Screenshots (smart); then the folder tree after a small gap:
        // Pictures, and indented below it 2024/Trip, Screenshots → 2024/Trip is the fourth row.
        try picker.click(on: folder("2024/Trip"))
        try picker.waitForTiles(tile("2024/Trip/trip-4.jpg"))
        try picker.click(on: "tile " + tile("2024/Trip/trip-4.jpg"))
        // Back to All Photos: both are still picked, and Done returns both in pick order.
        try picker.click(on: "album all-photos")
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.root + "/beach.jpg", library.root + "/2024/Trip/trip-4.jpg"])
    }
}
