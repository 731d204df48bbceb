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

    private func ffmpegPath() throws -> String {
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (make deps installs it)") }
        return ffmpeg
    }

    private func ffmpeg(_ arguments: [String]) throws {
        let made = try ProcessRunner.run(try ffmpegPath(), ["-v", "error", "-y"] + arguments)
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
        let stored = dir.path + "/stored.mp4"
        try ffmpeg(["-f", "lavfi", "-i", "testsrc=duration=1:size=320x240:rate=10", "-c:v", "mpeg4", stored])
        for degrees in [90, 270] {
            let turned = dir.path + "/portrait-\(degrees).mov"
            try TurnedClip.write(ffmpeg: try ffmpegPath(), source: stored, destination: turned, degrees: degrees)
            let m = Exiv2MetadataReader().metadata(for: RawPath(turned), mimeType: "video/quicktime", modified: 0)
            XCTAssertEqual(m.pixelWidth, 240, "turned \(degrees)")
            XCTAssertEqual(m.pixelHeight, 320, "turned \(degrees)")
            XCTAssertEqual(m.dateSource, .modified, "no creation time was set: the file says nothing")
        }
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

    /// Wherever a writer put the place (3GPP `loci`, QuickTime `©xyz`, the location key, an
    /// XMP packet alone), it is the clip's location: what any reader of the file finds.
    func testAPlaceInAnyBoxIsTheClipsLocation() throws {
        guard let exiftool = ExifTool.path else { throw XCTSkip("exiftool is not installed (make deps installs libimage-exiftool-perl)") }
        let make = ["-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=5", "-pix_fmt", "yuv420p"]
        let place = ["-metadata", "location=+48.8584+002.2945/"]
        let clips: [(String, [String], [String])] = [
            ("loci.mp4", place, []),
            ("xyz.mov", place, []),
            ("keys.mp4", [], ["-Keys:GPSCoordinates=48.8584, 2.2945, 35"]),
            ("xmp.mp4", [], ["-XMP-exif:GPSLatitude=48.8584", "-XMP-exif:GPSLongitude=2.2945"]),
            ("xmp.mov", [], ["-XMP-exif:GPSLatitude=48.8584", "-XMP-exif:GPSLongitude=2.2945"]),
        ]
        for (name, ffmpegTags, exiftoolTags) in clips {
            let path = dir.path + "/" + name
            try ffmpeg(make + ffmpegTags + [path])
            if !exiftoolTags.isEmpty {
                let tagged = try ProcessRunner.run(exiftool, ["-q", "-overwrite_original"] + exiftoolTags + [path])
                XCTAssertEqual(tagged.status, 0, tagged.stderrText)
            }
            let m = Exiv2MetadataReader().metadata(for: RawPath(path), mimeType: "video/mp4", modified: 0)
            let location = try XCTUnwrap(m.location, name)
            XCTAssertEqual(location.latitude, 48.8584, accuracy: 1e-3, name)
            XCTAssertEqual(location.longitude, 2.2945, accuracy: 1e-3, name)
            XCTAssertEqual(m.durationSeconds ?? 0, 1, accuracy: 0.2, "\(name): the header is read as before")
        }
        let plain = dir.path + "/plain.mp4"
        try ffmpeg(make + [plain])
        XCTAssertNil(Exiv2MetadataReader().metadata(for: RawPath(plain), mimeType: "video/mp4", modified: 0).location)
    }
}
