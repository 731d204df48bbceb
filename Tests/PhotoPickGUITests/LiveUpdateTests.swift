import Foundation
import TestSupport
import XCTest

/// Files that appear or vanish while the window is open show up without a rescan, and a
/// picked file that is deleted leaves the selection.
final class LiveUpdateTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!
    private let firstTile = (x: 340, y: 140)

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    private func lines(_ output: ProcessRunner.Output) -> [String] {
        output.stdoutText.split(separator: "\n").map(String.init)
    }

    /// The watcher debounces for 0.3 s; give it room on a loaded machine.
    private func settle() { usleep(2_500_000) }

    func testANewPhotoAppearsFirstAndCanBePicked() throws {
        let picker = try PickerDriver(arguments: [library.root])
        let fresh = library.root + "/2024/Trip/just-taken.jpg"
        try ImageFactory.write(fresh, width: 320, height: 240, format: .jpeg)  // newest of all
        settle()
        try picker.click(x: firstTile.x, y: firstTile.y)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [fresh])
    }

    func testADeletedPickLeavesTheSelection() throws {
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("space", "Right", "space")  // the two newest
        try FileManager.default.removeItem(atPath: library.newestFirst[0])
        settle()
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(lines(out), [library.newestFirst[1]])
    }
}
