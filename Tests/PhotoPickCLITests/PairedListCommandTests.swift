import Foundation
import TestSupport
import TestSupportCore
import XCTest

/// `photopick albums` and `photopick list` on real files: a Live Photo (a JPEG and a
/// QuickTime movie of its name, neither with an identifier) and a RAW+JPEG (an Olympus ORF,
/// known by its magic, beside its JPEG) are one photo each, the JSON describes the pair, and
/// the lines list the stills only.
final class PairedListCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root = ""

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        root = dir.path + "/DCIM"
        let ffmpeg = try XCTUnwrap(Binaries.which("ffmpeg"), "ffmpeg is missing (make test-deps installs it)")
        try ImageFactory.write(root + "/IMG_0001.JPG", width: 64, height: 48, format: .jpeg)
        let movie = try ProcessRunner.run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10",
                                                   "-t", "0.5", "-pix_fmt", "yuv420p", "-f", "mov", root + "/IMG_0001.MOV"])
        XCTAssertEqual(movie.status, 0, movie.stderrText)
        try ImageFactory.write(root + "/P1010001.JPG", width: 64, height: 48, format: .jpeg, color: (10, 120, 200))
        // ORF's magic ("IIRO", then the first directory's offset): sniffed as a RAW by its content.
        try Data([0x49, 0x49, 0x52, 0x4F, 0x08, 0, 0, 0] + [UInt8](repeating: 0, count: 256))
            .write(to: URL(fileURLWithPath: root + "/P1010001.ORF"))
        try ImageFactory.write(root + "/alone.jpg", width: 64, height: 48, format: .jpeg)
        try ImageFactory.setModified(root + "/alone.jpg", 1_600_000_000)
        try ImageFactory.setModified(root + "/IMG_0001.JPG", 1_700_000_000)
        try ImageFactory.setModified(root + "/P1010001.JPG", 1_650_000_000)
    }

    private func photopick(_ args: [String]) throws -> ProcessRunner.Output {
        try ProcessRunner.run(Binaries.photopick, args, environment: ["XDG_CACHE_HOME": dir.path + "/cache"])
    }

    func testAPairIsOnePhotoInEveryAlbum() throws {
        let out = try photopick(["albums", root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "All Photos\t3\nDCIM\t3\n", "no Videos album: the movie is its still's")
    }

    func testTheLinesListTheStillsOnly() throws {
        let out = try photopick(["list", root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, [root + "/IMG_0001.JPG", root + "/P1010001.JPG", root + "/alone.jpg"].map { $0 + "\n" }.joined())
    }

    func testTheJSONDescribesEachPair() throws {
        let out = try photopick(["list", "--json", root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let assets = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [[String: Any]])
        XCTAssertEqual(assets.map { $0["name"] as? String }, ["IMG_0001.JPG", "P1010001.JPG", "alone.jpg"])
        let live = try XCTUnwrap(assets[0]["pair"] as? [String: Any])
        XCTAssertEqual(live["kind"] as? String, "live")
        XCTAssertEqual(live["files"] as? [String], [root + "/IMG_0001.JPG", root + "/IMG_0001.MOV"])
        let raw = try XCTUnwrap(assets[1]["pair"] as? [String: Any])
        XCTAssertEqual(raw["kind"] as? String, "raw")
        XCTAssertEqual(raw["files"] as? [String], [root + "/P1010001.JPG", root + "/P1010001.ORF"])
        XCTAssertNil(assets[2]["pair"], "a single photo has no pair key")
    }

    func testAskingForVideosOnlyListsTheMovie() throws {
        let out = try photopick(["list", "--filter", "video", root])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, root + "/IMG_0001.MOV\n")
    }
}
