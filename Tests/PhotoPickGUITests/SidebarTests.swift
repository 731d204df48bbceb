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

    /// 300 folders of one photo each; the last folder holds the oldest photo, so All Photos
    /// would show it last, not first.
    private func makeLibrary() throws -> String {
        let root = dir.path + "/Pictures"
        for i in 0..<300 {
            let path = root + "/Folder \(i)/photo-\(i).jpg"
            try ImageFactory.write(path, width: 40, height: 30, format: .jpeg)
            let date = Date(timeIntervalSince1970: 1_700_000_000 - Double(i) * 60)
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        }
        return root
    }

    func testTheLastOfThreeHundredFolderAlbumsIsReachableByKeyboard() throws {
        let root = try makeLibrary()
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1"])
        // Focus the list on its first row (All Photos), then End: the last album, "Folder
        // 299" in natural order, far below the rows GTK made at first. Each step waits for
        // the trace to show the focus on a row of the list (the click lands, End moves it).
        let row = " focus GtkListItemWidget.activatable"
        try picker.after({ try picker.click(on: "album all-photos") }, expectTrace: row)
        try picker.after({ try picker.press("End") }, expectTrace: row)
        // Its only photo is the grid's first tile.
        try picker.waitForTiles(root + "/Folder 299/photo-299.jpg")
        try picker.click(on: "tile " + root + "/Folder 299/photo-299.jpg")
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, root + "/Folder 299/photo-299.jpg\n")
    }

    func testARememberedAlbumFarDownTheListIsScrolledIntoView() throws {
        let root = try makeLibrary()
        let config = dir.path + "/config"
        // First run: choose the last album (End in the sidebar), then cancel: it is remembered.
        let traced = ["XDG_CONFIG_HOME": config, "PHOTOPICK_TRACE": "1"]
        let first = try PickerDriver(arguments: [root], environment: traced)
        let row = " focus GtkListItemWidget.activatable"
        try first.after({ try first.click(on: "album all-photos") }, expectTrace: row)
        try first.after({ try first.press("End") }, expectTrace: row)
        try first.waitForTiles(root + "/Folder 299/photo-299.jpg")
        try first.press("Escape")
        XCTAssertEqual(first.finish().status, 1)

        // Second run: it opens on "Folder 299" with that row at the bottom of the sidebar, so
        // the row just above it, a row's height (~38 px) higher, is "Folder 298". Without the
        // scrolling, that place holds an album near the top of the list. The click waits until
        // the sidebar says it has scrolled the row into view (under load that takes a while).
        let second = try PickerDriver(arguments: [root], environment: traced)
        XCTAssertTrue(second.waitForTrace { $0.contains { $0.contains(" sidebar-revealed ") } }, second.process.stderrSoFar)
        let last = try second.place("album folder \(root)/Folder 299")
        let height = try second.windowSize().height
        XCTAssertTrue((0..<height).contains(last.y), "Folder 299's row is at y \(last.y), outside the \(height)-px window")
        try second.click(on: "album folder \(root)/Folder 298")
        try second.waitForTiles(root + "/Folder 298/photo-298.jpg")
        try second.click(on: "tile " + root + "/Folder 298/photo-298.jpg")
        try second.press("Return")
        let out = second.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, root + "/Folder 298/photo-298.jpg\n")
    }

    /// A warm start: every cover's thumbnail is in the shared cache (as an earlier session
    /// left it). Each cover is shown from there, without a request to a thumbnail worker for it
    /// (so none waits behind worker decodes): they used to stay folder icons for seconds.
    func testCoversOfAWarmLibraryComeStraightFromTheCache() throws {
        let root = dir.path + "/Warm"
        var covers: [String] = [], all: [String] = []
        for i in 0..<12 {
            for j in 0..<3 {
                let path = root + "/Album \(i)/photo-\(j).jpg"
                try ImageFactory.write(path, width: 64, height: 48, format: .jpeg, color: (UInt8(20 * i), UInt8(80 * j), 120))
                try ImageFactory.setModified(path, 1_700_000_000 - Double(i * 10 + j) * 60)
                all.append(path)
                if j == 0 { covers.append(path) }  // the newest of its folder
            }
        }
        let cacheHome = dir.path + "/cache"
        try WarmThumbnailCache.fill(all, cacheHome: cacheHome)
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1", "XDG_CACHE_HOME": cacheHome])
        let shownAll = picker.waitForTrace { lines in
            covers.allSatisfy { cover in lines.contains { $0.hasSuffix(" cover-shown " + cover) } }
        }
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(shownAll, "every album's cover is shown: \(out.stderrText)")
        let asked = out.stderrText.split(separator: "\n").filter { $0.contains(" small-thumbnail-request ") }
        for cover in covers {
            XCTAssertFalse(asked.contains { $0.hasSuffix(" " + cover) }, "\(cover) was asked of a worker: \(asked)")
        }
    }

    /// A pick badge appearing in a row leaves the album's name as it was: the title area of
    /// "Recently Added" looks the same before and after every photo is picked (it once became
    /// "Recent… Added").
    func testAPickBadgeLeavesTheAlbumNameWhole() throws {
        guard Binaries.which("compare") != nil else { throw XCTSkip("ImageMagick is not installed (make deps installs it)") }
        let root = dir.path + "/Recent"
        for i in 0..<120 { try ImageFactory.write(root + "/Camera/IMG_\(i).jpg", width: 40, height: 30, format: .jpeg) }
        let picker = try PickerDriver(arguments: [root])
        // Recently Added is the second row; its name starts at x 58, its count ends near 232.
        let before = dir.path + "/before.png", after = dir.path + "/after.png"
        _ = try picker.place("album recently-added")
        picker.screenshot(before)
        try picker.press("ctrl+a")
        picker.screenshot(after)
        let crop = ["-crop", "150x22+58+98", "+repage"]
        let env = ["PATH": "/usr/bin:/bin"]
        _ = try ProcessRunner.run("/usr/bin/env", ["convert", before] + crop + [before + ".title.png"], environment: env)
        _ = try ProcessRunner.run("/usr/bin/env", ["convert", after] + crop + [after + ".title.png"], environment: env)
        let diff = try ProcessRunner.run("/usr/bin/env", ["compare", "-metric", "AE", before + ".title.png", after + ".title.png", "null:"],
                                         environment: env)
        XCTAssertEqual(diff.stderrText.trimmingCharacters(in: .whitespacesAndNewlines), "0", "the name's pixels changed when the badge came")
        try picker.press("Return")
        XCTAssertEqual(picker.finish().status, 0)
    }
}
