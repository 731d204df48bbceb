import Foundation
import PhotoPickCore
@testable import PhotoPickMedia
import TestSupport
import XCTest

/// Video metadata through the reader the scan uses, on clips ffmpeg makes here.
final class VideoMetadataTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() {
        dir = TemporaryDirectory()
    }

    private func ffmpeg(_ arguments: [String]) throws {
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (make deps installs it)") }
        let made = try ProcessRunner.run(ffmpeg, ["-v", "error", "-y"] + arguments)
        XCTAssertEqual(made.status, 0, made.stderrText)
    }

    func testAClipsLengthSizeAndCreationTimeComeFromItsHeader() throws {
        let clip = dir.path + "/clip.mp4"
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=duration=2:size=320x240:rate=10", "-c:v", "mpeg4",
                    "-metadata", "creation_time=2024-05-01T12:00:00Z", clip])
        let m = Exiv2MetadataReader().metadata(for: RawPath(clip), mimeType: "video/mp4", modified: 0)
        XCTAssertEqual(try XCTUnwrap(m.durationSeconds), 2.0, accuracy: 0.15)
        XCTAssertEqual(m.pixelWidth, 320)
        XCTAssertEqual(m.pixelHeight, 240)
        XCTAssertEqual(m.captureDate?.seconds, 1_714_564_800)
        XCTAssertEqual(m.dateSource, .container)
    }

    func testAQuarterTurnedClipReportsItsUprightSize() throws {
        let stored = dir.path + "/stored.mp4", turned = dir.path + "/portrait.mov"
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=duration=1:size=320x240:rate=10", "-c:v", "mpeg4", stored])
        try ffmpeg(["-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=90", turned])
        let m = Exiv2MetadataReader().metadata(for: RawPath(turned), mimeType: "video/quicktime", modified: 0)
        XCTAssertEqual(m.pixelWidth, 240)
        XCTAssertEqual(m.pixelHeight, 320)
        XCTAssertEqual(m.dateSource, .modified, "no creation time was set: the file says nothing")
    }

    func testATruncatedOrFakeVideoGivesNoFindingsAndNoCrash() throws {
        let clip = dir.path + "/clip.mp4"
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10", "-c:v", "mpeg4",
                    "-movflags", "+faststart", clip])
        // With faststart the movie box comes first; cut it in half.
        let whole = try Data(contentsOf: URL(fileURLWithPath: clip))
        let cut = dir.path + "/cut.mp4"
        try whole.prefix(200).write(to: URL(fileURLWithPath: cut))
        let fake = dir.path + "/fake.mp4"
        try Data("not a video at all, just text".utf8).write(to: URL(fileURLWithPath: fake))
        for path in [cut, fake] {
            let m = Exiv2MetadataReader().metadata(for: RawPath(path), mimeType: "video/mp4", modified: 0)
            XCTAssertNil(m.durationSeconds, path)
            XCTAssertNil(m.pixelWidth, path)
        }
    }
}
