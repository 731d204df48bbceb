import Foundation
import PhotoPickCore
import TestSupport
import XCTest

/// A video's grid tile: the picture to its edges and a ▶ badge, never a frame. Video
/// thumbnailers draw a film strip down both sides (ffmpegthumbnailer `-f`, as Debian runs
/// it); in the square tile of a tall video those bands looked like a second focus ring.
final class VideoTileTests: XCTestCase {
    func testATallVideosTileShowsThePictureToItsEdges() throws {
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (make deps installs it)") }
        guard Binaries.which("ffmpegthumbnailer") != nil else { throw XCTSkip("ffmpegthumbnailer is not installed (make deps installs it)") }
        let dir = TemporaryDirectory()
        let root = dir.path + "/Phone"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        // Stored 320 × 240, red over blue, turned upright: red and blue side by side, 240 × 320.
        let plain = dir.path + "/plain.mp4"
        let out = try ProcessRunner.run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i",
                                                 "color=red:size=320x120:rate=10:duration=2[a];color=blue:size=320x120:rate=10:duration=2[b];[a][b]vstack",
                                                 "-c:v", "mpeg4", "-q:v", "2", plain])
        XCTAssertEqual(out.status, 0, out.stderrText)
        try TurnedClip.write(ffmpeg: ffmpeg, source: plain, destination: root + "/tall.mp4", degrees: 90)
        // A cache of our own, so the thumbnail is made now by the installed thumbnailer.
        let picker = try PickerDriver(arguments: [root], environment: ["XDG_CACHE_HOME": dir.path + "/cache"])
        let shot = dir.path + "/tile.png"
        let tile = try picker.tileSpot(column: 0, row: 0)  // 186 px square around this point
        let deadline = Date().addingTimeInterval(20)
        var image = try RawImageLoader.load({ picker.screenshot(shot); return shot }(), width: 1280, height: 800)
        while !isContent(image.pixel(x: tile.x - 40, y: tile.y)) {
            guard Date() < deadline else { throw GUITestError("the tile never showed the video (see \(shot))") }
            usleep(300_000)
            picker.screenshot(shot)
            image = try RawImageLoader.load(shot, width: 1280, height: 800)
        }
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
        // Down both sides, 4 px inside the tile (clear of the rounded corners): the picture.
        for x in [tile.x - 93 + 4, tile.x + 93 - 5] {
            let edge = stride(from: tile.y - 60, through: tile.y + 60, by: 3).map { image.pixel(x: x, y: $0) }
            XCTAssertTrue(edge.allSatisfy(isContent), "the tile's edge at x \(x) is the picture, not a film strip: \(edge) (see \(shot))")
        }
    }

    /// Pure red or pure blue: the clip's own colours.
    private func isContent(_ p: [UInt8]) -> Bool {
        (p[0] > 200 && p[1] < 60 && p[2] < 60) || (p[2] > 200 && p[0] < 60 && p[1] < 60)
    }
}
