import Foundation
import TestSupport
import XCTest

/// Mouse interaction on the real window. Coordinates are window-relative for the default
/// 1024×720 window: a 240-px sidebar, rows ~38 px apart; tiles from x≈250, y≈55.
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

    private let firstTile = (x: 340, y: 140), secondTile = (x: 530, y: 140)

    func testClickTogglesTilesAndAcceptButtonFinishes() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.click(x: secondTile.x, y: secondTile.y)
        try picker.click(x: firstTile.x, y: firstTile.y)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1], library.newestFirst[0]])
    }

    func testCancelButtonExitsOne() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.click(x: firstTile.x, y: firstTile.y)
        try picker.click(x: 45, y: 25)
        try picker.discardPicks()  // a pick was made: Cancel asks first
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stdout.isEmpty)
    }

    func testClosingTheWindowCancels() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space")
        // The header bar's close button, at the right end of the 1024-px window.
        try picker.click(x: 996, y: 26)
        try picker.discardPicks()  // a pick was made: closing asks first
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stdout.isEmpty, "closing must print nothing, printed: \(out.stdoutText)")
    }

    /// Row centres in the sidebar (window coordinates): smart albums ~38 px apart, then the
    /// "Folders" heading above the folder tree.
    private enum Sidebar {
        static let allPhotos = 71, smartScreenshots = 109, pictures = 174, trip = 208, folderScreenshots = 246
    }

    func testSmartAlbumAndFolderAlbumRows() throws {
        let picker = try PickerDriver(arguments: [library.root])
        // The smart Screenshots album: its first tile is the newest screenshot.
        try picker.click(x: 100, y: Sidebar.smartScreenshots)
        try picker.click(x: firstTile.x, y: firstTile.y)
        // The root folder album holds only beach.jpg.
        try picker.click(x: 100, y: Sidebar.pictures)
        try picker.click(x: firstTile.x, y: firstTile.y)
        // The folder Screenshots, indented under Pictures: its second tile is shot-1.png.
        try picker.click(x: 100, y: Sidebar.folderScreenshots)
        try picker.click(x: secondTile.x, y: secondTile.y)
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
        try picker.click(x: 100, y: Sidebar.trip)
        try picker.click(x: firstTile.x, y: firstTile.y)
        // Back to All Photos: both are still picked, and Done returns both in pick order.
        try picker.click(x: 100, y: Sidebar.allPhotos)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.root + "/beach.jpg", library.root + "/2024/Trip/trip-4.jpg"])
    }
}
