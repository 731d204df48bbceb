import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// Videos in the preview: our own player over GTK's media file — the picture clicked plays,
/// a phone's portrait clip stands upright, and the clock shows the time left truly.
final class VideoPreviewTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var ffmpeg: String!

    override func setUpWithError() throws {
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (make deps installs it)") }
        self.ffmpeg = ffmpeg
        dir = TemporaryDirectory()
    }

    private func run(_ arguments: [String]) throws -> ProcessRunner.Output {
        let out = try ProcessRunner.run(ffmpeg, ["-v", "error", "-y"] + arguments)
        XCTAssertEqual(out.status, 0, out.stderrText)
        return out
    }

    func testClickingThePictureOfAPausedVideoPlaysIt() throws {
        let root = dir.path + "/Videos"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        _ = try run(["-f", "lavfi", "-i", "testsrc=duration=5:size=320x240:rate=10", "-c:v", "mpeg4", root + "/clip.mp4"])
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1"])
        // The preview's player has the file (opened, paused) before the click, however busy
        // the machine: a fixed pause lost that race under load.
        try picker.after({ try picker.press("alt+Return") }, expectTrace: " video-opened ")
        // The middle of the preview's stage, where the ▶ is drawn (far from the bar at its foot).
        try picker.click(on: "preview stage")
        _ = picker.waitForTrace(timeout: 5) { $0.contains { $0.contains("video-playing true") } }
        try picker.press("Escape", "Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stderrText.contains("video-playing true"), "the click played the video: \(out.stderrText)")
    }

    /// A clip stored 320 × 240, its top half red and its bottom half blue, with the container
    /// saying to turn it (as a phone held upright does), each way. The preview, paused on the
    /// first frame, draws it taller than wide with red and blue side by side, on the sides
    /// ffmpeg's own player turns them to; GTK's player showed it sideways, red over blue.
    func testPortraitClipsStandUprightInThePreview() throws {
        let root = dir.path + "/Phone"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let plain = dir.path + "/plain.mp4"
        _ = try run(["-f", "lavfi", "-i", "color=red:size=320x120:rate=10:duration=3[a];color=blue:size=320x120:rate=10:duration=3[b];[a][b]vstack",
                     "-c:v", "mpeg4", "-q:v", "2", plain])
        var redOnLeft: [Bool] = []
        for (i, rotate) in [90, 270].enumerated() {
            let clip = root + "/turned-\(rotate).mp4"
            try TurnedClip.write(ffmpeg: ffmpeg, source: plain, destination: clip, degrees: rotate)
            try ImageFactory.setModified(clip, 1_700_000_000 - Double(i) * 60)  // turned-90 first
            // ffmpeg turns the first frame as the container says: where does red go?
            let frame = dir.path + "/upright-\(rotate).png"
            _ = try run(["-i", clip, "-frames:v", "1", frame])
            let upright = try RawImageLoader.load(frame, width: 240, height: 320)
            let boxes = ColourBoxes(upright)
            let red = try XCTUnwrap(boxes.red), blue = try XCTUnwrap(boxes.blue)
            XCTAssertEqual(RawImageLoader.storedSize(frame)?.height, 320, "ffmpeg wrote the turn into \(clip)")
            redOnLeft.append(red.midX < blue.midX)
        }
        XCTAssertEqual(Set(redOnLeft).count, 2, "the two clips are turned opposite ways")

        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.press("alt+Return")
        for (i, expectRedOnLeft) in redOnLeft.enumerated() {
            if i > 0 { try picker.press("Right") }
            let boxes = try drawnVideo(picker, name: "clip \(i)")
            let red = try XCTUnwrap(boxes.red), blue = try XCTUnwrap(boxes.blue)
            let all = red.union(blue)
            XCTAssertGreaterThan(all.height, all.width * 5 / 4, "clip \(i) is taller than wide: \(all)")
            XCTAssertGreaterThan(min(red.height, blue.height), all.height * 9 / 10, "side by side, each as tall as the picture")
            XCTAssertEqual(red.midX < blue.midX, expectRedOnLeft, "clip \(i) turned the right way")
        }
        try picker.press("Escape", "Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stderrText.contains("video-opened clockwise") && out.stderrText.contains("video-opened counterclockwise"),
                      out.stderrText)
    }

    /// A clip of 5 s shows 0:00 played and 0:05
    /// left when it opens; GTK's bar said −0:06.
    func testTheClockShowsTheClipsLengthLeftAtTheStart() throws {
        let root = dir.path + "/Clock"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        _ = try run(["-f", "lavfi", "-i", "color=red:size=320x120:rate=25:duration=5[a];color=blue:size=320x120:rate=25:duration=5[b];[a][b]vstack",
                     "-c:v", "mpeg4", root + "/five.mp4"])
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.press("alt+Return")
        _ = try drawnVideo(picker, name: "five.mp4")
        try picker.press("Escape", "Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        let clocks = out.stderrText.split(separator: "\n").filter { $0.contains(" video-clock ") }
            .map { $0.components(separatedBy: " video-clock ").last! }
        XCTAssertEqual(clocks.last, "0:00 −0:05", "\(clocks)")
        XCTAssertFalse(clocks.contains { $0.hasSuffix("−0:06") }, "\(clocks)")
    }

    /// Waits for the preview to draw the paused video's first frame; where its colours are
    /// once it has (from a later screenshot, after the last resize).
    private func drawnVideo(_ picker: PickerDriver, name: String) throws -> ColourBoxes {
        let deadline = Date().addingTimeInterval(20)
        let shot = dir.path + "/shot.png"
        while true {
            usleep(400_000)
            picker.screenshot(shot)
            let boxes = ColourBoxes(try RawImageLoader.load(shot, width: 1280, height: 800))
            if boxes.red != nil && boxes.blue != nil { break }
            if Date() > deadline { throw GUITestError("\(name) was never drawn (see \(shot))") }
        }
        usleep(300_000)  // on purpose: a frame drawn after the last resize has no trace of its own
        picker.screenshot(shot)
        return ColourBoxes(try RawImageLoader.load(shot, width: 1280, height: 800))
    }
}

/// Where pure red and pure blue pixels are in an image.
struct ColourBoxes {
    struct Box: CustomStringConvertible {
        var minX, minY, maxX, maxY: Int
        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
        var midX: Int { (minX + maxX) / 2 }
        func union(_ o: Box) -> Box { Box(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY)) }
        var description: String { "\(width)×\(height) at (\(minX), \(minY))" }
    }

    private(set) var red: Box?
    private(set) var blue: Box?

    init(_ image: DecodedImage) {
        image.pixels.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let i = y * image.rowStride + x * image.channels
                    let r = bytes[i], g = bytes[i + 1], b = bytes[i + 2]
                    if r > 200 && g < 60 && b < 60 { red = Self.grow(red, x, y) }
                    if b > 200 && r < 60 && g < 60 { blue = Self.grow(blue, x, y) }
                }
            }
        }
    }

    private static func grow(_ box: Box?, _ x: Int, _ y: Int) -> Box {
        guard var b = box else { return Box(minX: x, minY: y, maxX: x, maxY: y) }
        b.minX = min(b.minX, x); b.maxX = max(b.maxX, x); b.minY = min(b.minY, y); b.maxY = max(b.maxY, y)
        return b
    }
}
