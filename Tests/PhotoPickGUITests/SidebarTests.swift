import Foundation
import TestSupport
import XCTest

/// The album sidebar on a library with far more folders than fit the window: the list
/// recycles its rows, so albums far down must still be reachable and choose the right photos.
final class SidebarTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() {
        dir = TemporaryDirectory()
    }

    func testTheLastOfThreeHundredFolderAlbumsIsReachableByKeyboard() throws {
        let root = dir.path + "/Pictures"
        for i in 0..<300 {
            let path = root + "/Folder \(i)/photo-\(i).jpg"
            try ImageFactory.write(path, width: 40, height: 30, format: .jpeg)
            // The last folder holds the oldest photo: All Photos would show it last, not first.
            let date = Date(timeIntervalSince1970: 1_700_000_000 - Double(i) * 60)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
        let picker = try PickerDriver(arguments: [root])
        // Focus the list on its first row (All Photos), then End: the last album, "Folder
        // 299" in natural order, far below the rows GTK made at first.
        try picker.click(x: 100, y: 71)
        try picker.press("End")
        usleep(300_000)
        // Its only photo is the grid's first tile.
        try picker.click(x: 340, y: 140)
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, root + "/Folder 299/photo-299.jpg\n")
    }
}
