import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// Videos exported without their location: rewritten with no place in any box (user data,
/// QuickTime keys, `loci`, XMP), the creation date and make kept, the media untouched; or,
/// when that cannot be done safely, refused with the reason and nothing left behind. Clips
/// are made by ffmpeg and tagged by exiftool, which also reads the exports back.
final class ExportVideoLocationTests: ExportTestCase {
    private var ffmpeg: String!

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (make deps installs it)") }
        guard ExifTool.path != nil else { throw XCTSkip("exiftool is not installed (make deps installs libimage-exiftool-perl)") }
        self.ffmpeg = ffmpeg
    }

    /// A one-second clip; `location` as ffmpeg writes it (`loci` in MP4, `©xyz` in QuickTime).
    private func clip(_ name: String, location: Bool = true, codec: [String] = ["-pix_fmt", "yuv420p"]) throws -> String {
        let path = dir.path + "/" + name
        let made = try ProcessRunner.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=5"] + codec
            + (location ? ["-metadata", "location=+48.8584+002.2945/"] : []) + [path])
        XCTAssertEqual(made.status, 0, made.stderrText)
        return path
    }

    /// A clip with a place in every box exiftool writes one to, and the kept keys beside them.
    private func locatedEverywhere(_ name: String) throws -> String {
        let path = try clip(name)
        try ExifTool.write(path, ["-Keys:GPSCoordinates=48.8584, 2.2945, 35", "-Keys:CreationDate=2023:06:01 18:30:00+02:00",
                                  "-Keys:Make=Apple", "-Keys:LocationName=Paris", "-UserData:GPSCoordinates=48.8584, 2.2945",
                                  "-XMP-exif:GPSLatitude=48.8584", "-XMP-exif:GPSLongitude=2.2945", "-XMP-photoshop:City=Paris"])
        return path
    }

    private func frames(_ path: String) throws -> String {
        let probe = try ProcessRunner.run(try XCTUnwrap(Binaries.which("ffprobe")),
                                          ["-v", "error", "-count_frames", "-show_entries", "stream=codec_name,nb_read_frames", "-of", "csv", path])
        XCTAssertEqual(probe.status, 0, probe.stderrText)
        return probe.stdoutText + probe.stderrText
    }

    func testMP4AndQuickTimeAreCleanedOfEveryPlaceAndKeepTheirDateAndMake() async throws {
        for name in ["everywhere.mp4", "everywhere.mov"] {
            let path = try locatedEverywhere(name)
            let before = try ExifTool.tags(path)
            for tag in ["Keys:GPSCoordinates", "UserData:GPSCoordinates", "XMP-exif:GPSLatitude", "Keys:LocationName"] {
                XCTAssertNotNil(before[tag], "\(name) has \(tag)")
            }
            if name.hasSuffix(".mp4") { XCTAssertNotNil(before["UserData:LocationInformation"], "\(name) has loci") }
            XCTAssertNotNil(Exiv2MetadataReader().metadata(for: RawPath(path), mimeType: "video/mp4", modified: 0).location)

            let out = try exported(try await export([original(path)], settings { $0.stripLocation = true }))
            let tags = try ExifTool.tags(out)
            XCTAssertEqual(ExifTool.placeTags(tags), [], "\(name): a reader finds a place")
            XCTAssertEqual(tags.keys.filter { $0.hasPrefix("XMP") }, [], "\(name): no XMP")
            XCTAssertEqual(tags["Keys:CreationDate"], "2023:06:01 18:30:00+02:00", "\(name): the creation date is kept")
            XCTAssertEqual(tags["Keys:Make"], "Apple", name)
            XCTAssertNil(Exiv2MetadataReader().metadata(for: RawPath(out), mimeType: "video/mp4", modified: 0).location)
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: out))
            XCTAssertEqual(bytes.count, try XCTUnwrap(FileManager.default.contents(atPath: path)).count, "\(name): no box moved")
            for text in ["Paris", "48.858", "+48.8584"] { XCTAssertNil(bytes.range(of: Data(text.utf8)), "\(name): \(text) in its bytes") }
            XCTAssertEqual(try frames(out), try frames(path), "\(name): the media plays as before")
            XCTAssertTrue(out.hasSuffix("/" + name))
        }
        // A clip with no place is exported too (its encoder tag blanked), and plays the same.
        let plain = try clip("plain.mp4", location: false)
        let out = try exported(try await export([original(plain)], settings { $0.stripLocation = true }))
        XCTAssertEqual(try frames(out), try frames(plain))
    }

    /// What cannot be cleaned safely is refused with the reason, and nothing is written.
    func testAVideoThatCannotBeCleanedIsRefusedAndLeavesNothing() async throws {
        // A GPS track (GoPro's gpmd): the places are samples in the media data.
        let tracked = try clip("gopro.mp4")
        var bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: tracked)))
        try XCTUnwrap(replace("vide", with: "meta", after: "hdlr", skipping: 8, in: &bytes))
        try XCTUnwrap(replace("avc1", with: "gpmd", after: "stsd", skipping: 12, in: &bytes))
        try Data(bytes).write(to: URL(fileURLWithPath: tracked))
        // Cut inside its movie box (ffmpeg writes it last).
        let cut = try clip("cut.mp4")
        let whole = try XCTUnwrap(FileManager.default.contents(atPath: cut))
        try whole.dropLast(40).write(to: URL(fileURLWithPath: cut))
        // Not MP4 or QuickTime.
        let webm = try clip("clip.webm", codec: ["-c:v", "libvpx"])

        let sources = [tracked, cut, webm].map(original)
        let out = dir.path + "/refused"
        let report = try await export(sources, settings { $0.stripLocation = true; $0.directory = RawPath(out) })
        XCTAssertEqual(errors(report), [
            .videoNotCleaned(.location("it has a gpmd track, which may record where it was taken and cannot be taken out without rewriting the video")),
            .videoNotCleaned(.location("it is cut short")),
            .videoNotCleaned(.location("it is not an MP4 or QuickTime video, the only kinds photopick can take a location out of")),
        ])
        XCTAssertEqual(names(in: out), [], "no file and no temporary file is left")

        let kept = try await export(sources, settings { $0.directory = RawPath(dir.path + "/kept") })
        XCTAssertTrue(kept.isComplete, "without stripLocation each is copied as it is")
    }

    /// `bytes` with the first `old` that lies `skipping` bytes after the payload of a `box`
    /// replaced by `new`; nil when there is none.
    private func replace(_ old: String, with new: String, after box: String, skipping: Int, in bytes: inout [UInt8]) -> Void? {
        let type = Array(box.utf8), from = Array(old.utf8)
        for i in 0..<(bytes.count - 4 - skipping - 4) where bytes[i..<(i + 4)].elementsEqual(type) {
            let at = i + 4 + skipping
            if bytes[at..<(at + 4)].elementsEqual(from) {
                bytes.replaceSubrange(at..<(at + 4), with: Array(new.utf8))
                return ()
            }
        }
        return nil
    }
}
