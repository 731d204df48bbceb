import Foundation
import TestSupport
import XCTest

/// Files that appear or vanish while the window is open show up without a rescan, and a
/// picked file that is deleted leaves the selection.
final class LiveUpdateTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func lines(_ output: ProcessRunner.Output) -> [String] {
        output.stdoutText.split(separator: "\n").map(String.init)
    }


    func testANewPhotoAppearsFirstAndCanBePicked() throws {
        let picker = try PickerDriver(arguments: [library.root])
        let fresh = library.root + "/2024/Trip/just-taken.jpg"
        try ImageFactory.write(fresh, width: 320, height: 240, format: .jpeg)  // newest of all
        try picker.waitForTiles(fresh)  // the watcher's change, shown first
        try picker.click(on: "tile " + fresh)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [fresh])
    }

    func testADeletedPickLeavesTheSelection() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space", "Right", "space")  // the two newest
        try FileManager.default.removeItem(atPath: library.newestFirst[0])
        try picker.waitUntilGone("tray " + library.newestFirst[0])  // the watcher's change, out of the picks
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1]])
    }
}
