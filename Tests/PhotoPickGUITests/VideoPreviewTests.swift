import Foundation
import TestSupport
import XCTest

/// Videos in the preview: GTK's player, with the big ▶ over the picture wired to play.
final class VideoPreviewTests: XCTestCase {
    func testClickingThePictureOfAPausedVideoPlaysIt() throws {
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (make deps installs it)") }
        let dir = TemporaryDirectory()
        let root = dir.path + "/Videos"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let made = try ProcessRunner.run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=5:size=320x240:rate=10",
                                                  "-c:v", "mpeg4", root + "/clip.mp4"])
        XCTAssertEqual(made.status, 0, made.stderrText)
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.press("alt+Return")
        usleep(1_000_000)
        // The middle of the preview's stage, where the ▶ is drawn (far from the bar at its foot).
        try picker.click(x: 385, y: 300)
        usleep(1_000_000)
        try picker.press("Escape", "Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stderrText.contains("video-playing true"), "the click played the video: \(out.stderrText)")
    }
}
