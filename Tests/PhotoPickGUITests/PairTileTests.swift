import Foundation
import PhotoPickCore
import TestSupport
import XCTest

/// Live Photos and RAW+JPEG in the real window: one tile per shot with its badge and its
/// name for a screen reader, counted once; the preview's Live button (and P) plays a Live
/// Photo's movie muted and goes back to the still; a pick hands back what `--pairs` says.
///
/// The pairs are made with Debian's tools and paired by stem (no content identifiers, so no
/// metadata reader is needed): a JPEG and a same-stem .MOV from ffmpeg, a JPEG and an ORF
/// whose magic bytes are written by hand (sniffed as image/x-olympus-orf; it is a companion,
/// never decoded). A Motion Photo is PairSamples' (exiftool's XMP, ffmpeg's MP4 appended).
final class PairTileTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root: String!
    private var live: String { root + "/Phone/IMG_0001.JPG" }
    private var movie: String { root + "/Phone/IMG_0001.MOV" }
    private var still: String { root + "/Camera/P100.JPG" }
    private var raw: String { root + "/Camera/P100.ORF" }
    private var beach: String { root + "/beach.jpg" }

    override func setUpWithError() throws {
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (make deps installs it)") }
        dir = TemporaryDirectory()
        root = dir.path + "/Pictures"
        try ImageFactory.write(live, width: 320, height: 240, format: .jpeg, color: (40, 90, 200))
        // Two seconds: long enough to see it play, short enough to see it end.
        let out = try ProcessRunner.run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=2:size=320x240:rate=10",
                                                 "-c:v", "mpeg4", "-f", "mov", movie])
        XCTAssertEqual(out.status, 0, out.stderrText)
        try ImageFactory.write(still, width: 320, height: 240, format: .jpeg, color: (200, 160, 40))
        try Data([0x49, 0x49, 0x52, 0x4F, 0x08, 0x00, 0x00, 0x00] + [UInt8](repeating: 0, count: 2048))
            .write(to: URL(fileURLWithPath: raw))
        try ImageFactory.write(beach, width: 320, height: 240, format: .jpeg)
        // Newest first: the Live Photo, the RAW+JPEG, the beach.
        for (i, path) in [beach, still, raw, live, movie].enumerated() { try ImageFactory.setModified(path, 1_700_000_000 + Double(i) * 3600) }
    }

    /// The strings the window held (`PHOTOPICK_DUMP_TEXT`), as kind and text.
    private func strings(_ dump: String) throws -> [(kind: String, text: String)] {
        try String(contentsOfFile: dump, encoding: .utf8).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
    }

    func testAPairIsOneTileWithItsBadgeAndCountsOnce() throws {
        let dump = dir.path + "/strings.txt"
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_DUMP_TEXT": dump, "PHOTOPICK_TRACE": "1"])
        try picker.waitForTiles(live, still, beach)
        let tiles = picker.places("tile ").map(\.name)
        XCTAssertEqual(tiles, ["tile " + live, "tile " + still, "tile " + beach], "no tile of its own for the movie or the RAW file")
        let albums = picker.places("album ").map(\.name)
        XCTAssertTrue(albums.contains("album all-photos"), "\(albums)")
        XCTAssertFalse(albums.contains("album videos"), "a Live Photo's movie makes no Videos album: \(albums)")
        // The preview goes through the grid's three.
        try picker.after({ try picker.press("alt+Return") }, expectTrace: " preview-decoded ")
        try picker.press("Escape", "Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        let held = try strings(dump)
        let labels = held.filter { $0.kind == "label" }.map(\.text)
        XCTAssertEqual(labels.filter { $0 == "LIVE" }.count, 1, "one LIVE badge: \(labels)")
        XCTAssertEqual(labels.filter { $0 == "RAW" }.count, 1, "one RAW badge: \(labels)")
        let names = held.filter { $0.kind == "accessible" }.map(\.text)
        XCTAssertTrue(names.contains { $0.hasPrefix("IMG_0001.JPG, ") && $0.hasSuffix(", Live Photo") }, "\(names)")
        XCTAssertTrue(names.contains { $0.hasPrefix("P100.JPG, ") && $0.hasSuffix(", RAW and JPEG") }, "\(names)")
        XCTAssertTrue(names.contains { $0.hasPrefix("beach.jpg, ") && !$0.contains("Photo,") && !$0.hasSuffix("Photo") }, "\(names)")
        XCTAssertFalse(names.contains { $0.hasPrefix("IMG_0001.MOV") || $0.hasPrefix("P100.ORF") }, "\(names)")
        XCTAssertTrue(labels.contains("1 of 3"), "the preview's place: \(labels.filter { $0.contains(" of ") })")
        // The sidebar: All Photos counts three.
        if let all = labels.firstIndex(of: "All Photos") {
            XCTAssertEqual(labels[all + 1], "3", "All Photos' count: \(labels[all...].prefix(4))")
        } else {
            XCTFail("no All Photos row: \(labels)")
        }
    }

    func testTheBadgeAndItsNameAreGerman() throws {
        guard Catalogues.germanLocaleInstalled else { throw XCTSkip("no de_DE.UTF-8 locale (make deps generates it)") }
        let catalogues = try Catalogues()
        let dump = dir.path + "/strings-de.txt"
        var environment = catalogues.environment(language: "de")
        environment["PHOTOPICK_DUMP_TEXT"] = dump
        let picker = try PickerDriver(arguments: [root], environment: environment)
        try picker.waitForTiles(live, still, beach)
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
        let held = try strings(dump)
        let names = held.filter { $0.kind == "accessible" }.map(\.text)
        XCTAssertTrue(names.contains { $0.hasPrefix("IMG_0001.JPG, ") && $0.hasSuffix(", Live Photo") }, "\(names)")
        XCTAssertTrue(names.contains { $0.hasPrefix("P100.JPG, ") && $0.hasSuffix(", RAW und JPEG") }, "\(names)")
        XCTAssertTrue(held.contains { $0.kind == "tooltip" && $0.text == "Bewegung abspielen (P)" }, "the preview's Live button")
    }

    func testPAndTheLiveButtonPlayTheMovieMutedAndGoBackToTheStill() throws {
        let picker = try PickerDriver(arguments: [root], environment: ["PHOTOPICK_TRACE": "1"])
        try picker.waitForTiles(live, still, beach)
        try picker.after({ try picker.press("alt+Return") }, expectTrace: " preview-decoded ")
        _ = try picker.place("button live")
        try picker.after({ try picker.press("p") }, expectTrace: " motion-ended")
        // Ended: the still again, and the Live button plays it once more.
        try picker.click(on: "button live")
        XCTAssertTrue(picker.waitForTrace { $0.filter { $0.contains(" motion-frame") }.count >= 2 }, "the button played it again")
        // P while it plays goes back to the still at once.
        try picker.after({ try picker.press("p") }, expectTrace: " motion-still")
        try picker.press("Escape", "Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        let trace = out.stderrText
        XCTAssertTrue(trace.contains("motion-playing true muted"), "it played, muted: \(trace.suffix(3000))")
        XCTAssertFalse(trace.contains("motion-playing true sound"), "never with its sound")
        XCTAssertFalse(trace.contains("preview-failed"), trace)
        XCTAssertFalse(trace.contains("video-opened"), "a Live Photo is a photo, not a video")
    }

    /// A Pixel's Motion Photo (its XMP and the MP4 after the JPEG, made by `PairSamples`): one
    /// tile marked MOTION, and P plays the embedded video from memory, muted, to its end. One
    /// whose video is garbage after the `ftyp` box the reader checks says so in the preview
    /// (the player's error path, never a crash), and P shows its still again.
    func testAMotionPhotoPlaysItsEmbeddedVideoAndAGarbageOneSaysSo() throws {
        let pixel = dir.path + "/Pixel"
        try FileManager.default.createDirectory(atPath: pixel, withIntermediateDirectories: true)
        let motion = try PairSamples.motionPhotoJPEG(in: pixel)
        let broken = try PairSamples.motionPhotoJPEG(in: pixel, name: "PXL_0002.MP.jpg")
        var bytes = try RawFiles.read(broken.path)
        let start = Int(broken.video.offset)
        let ftyp = bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
        var noise: UInt32 = 29
        for i in (start + ftyp)..<(start + Int(broken.video.length)) {
            noise = noise &* 1_664_525 &+ 1_013_904_223
            bytes[i] = UInt8(truncatingIfNeeded: noise >> 24)
        }
        try RawFiles.write(bytes, to: RawPath(broken.path))
        try ImageFactory.setModified(motion.path, 1_700_003_600)
        try ImageFactory.setModified(broken.path, 1_700_000_000)
        let dump = dir.path + "/motion.txt"
        let picker = try PickerDriver(arguments: [pixel], environment: ["PHOTOPICK_TRACE": "1", "PHOTOPICK_DUMP_TEXT": dump])
        try picker.waitForTiles(motion.path, broken.path)
        try picker.after({ try picker.press("alt+Return") }, expectTrace: " preview-decoded ")
        _ = try picker.place("button live")
        try picker.after({ try picker.press("p") }, expectTrace: " motion-ended")
        try picker.after({ try picker.press("Right") }, expectTrace: " preview-decoded ")
        try picker.after({ try picker.press("p") }, expectTrace: " preview-failed")
        XCTAssertTrue(picker.stillRunning(), "no crash")
        // P again: the still, from the failure's words.
        try picker.after({ try picker.press("p") }, expectTrace: " motion-still")
        try picker.press("Escape", "Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        let trace = out.stderrText
        XCTAssertTrue(trace.contains("motion-playing true muted") && trace.contains("motion-frame"), "it played, muted: \(trace.suffix(3000))")
        let held = try strings(dump)
        let labels = held.filter { $0.kind == "label" }.map(\.text)
        XCTAssertEqual(labels.filter { $0 == "MOTION" }.count, 2, "\(labels)")
        XCTAssertTrue(held.contains { $0.kind == "accessible" && $0.text.hasPrefix("PXL_0001.MP.jpg, ") && $0.text.hasSuffix(", Motion Photo") },
                      "\(held.filter { $0.kind == "accessible" })")
        XCTAssertTrue(labels.contains { $0.hasPrefix("This photo’s motion can’t be played\\n") }, "\(labels)")
    }

    /// The Live Photo is the first tile: Space picks it, Return is Done.
    private func pickLive(_ extra: [String]) throws -> ProcessRunner.Output {
        let picker = try PickerDriver(arguments: extra + [root])
        try picker.waitForTiles(live, still, beach)
        try picker.after({ try picker.press("space") }, expectTrace: " picked 1")
        try picker.press("Return")
        return picker.finish()
    }

    func testPickingALivePhotoHandsBackWhatPairsSays() throws {
        for (pairs, expected) in [(nil, [live]), ("still", [live]), ("video", [movie]), ("all", [live, movie])] {
            let out = try pickLive(pairs.map { ["--pairs", $0] } ?? [])
            XCTAssertEqual(out.status, 0, out.stderrText)
            XCTAssertEqual(out.stdoutText.split(separator: "\n").map(String.init), expected, "--pairs \(pairs ?? "(default)")")
        }
        let out = try pickLive(["--pairs", "all", "--format", "json"])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let json = try JSONSerialization.jsonObject(with: out.stdout) as? [[String: Any]]
        let text = out.stdoutText
        XCTAssertEqual(json?.compactMap { $0["name"] as? String }, ["IMG_0001.JPG", "IMG_0001.MOV"], text)
        XCTAssertTrue(text.contains("\"live\""), "the pair's kind: \(text)")
        let stillAt = try XCTUnwrap(text.range(of: "IMG_0001.JPG")), movieAt = try XCTUnwrap(text.range(of: "IMG_0001.MOV"))
        XCTAssertLessThan(stillAt.lowerBound, movieAt.lowerBound, "still first: \(text)")
    }
}
