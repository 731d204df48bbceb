import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// Photos exported without their location, read back with exiftool (a reader independent of
/// exiv2 and libvips): no tag in any group names or holds a place — EXIF GPS, a drone's XMP,
/// `geo:`, IPTC and XMP place names, `iptcExt:LocationCreated`, maker notes, PNG text, the
/// JPEG comment — and the keep-list (date and offset, make and model, exposure, orientation
/// 1, the ICC profile) is still there, in every format photopick writes.
final class ExportStripLocationTests: ExportTestCase {
    private let adobeRGB = "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc"

    /// The exposure and camera the samples carry, as exiftool prints them back.
    private let keptTags = ["IFD0:Make": "Canon", "IFD0:Model": "Canon EOS R6", "ExifIFD:DateTimeOriginal": "2023:06:01 18:30:00",
                            "ExifIFD:OffsetTimeOriginal": "+02:00", "ExifIFD:ExposureTime": "1/250", "ExifIFD:FNumber": "2.8",
                            "ExifIFD:ISO": "400", "ExifIFD:FocalLength": "35.0 mm"]

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard ExifTool.path != nil else { throw XCTSkip("exiftool is not installed (make deps installs libimage-exiftool-perl)") }
        guard FileManager.default.fileExists(atPath: adobeRGB) else { throw XCTSkip("icc-profiles-free is not installed (make deps)") }
    }

    /// A JPEG, stored sideways (Orientation 6), with an Adobe RGB profile and a place in every
    /// group a writer puts one.
    private func locatedJPEG(_ name: String = "located.jpg") throws -> String {
        let path = dir.path + "/" + name
        let made = try ProcessRunner.run("/usr/bin/env", ["convert", "-size", "600x400", "gradient:red-blue", "-profile", adobeRGB, path])
        XCTAssertEqual(made.status, 0, made.stderrText)
        // W3C's geo vocabulary, a namespace exiftool knows nothing of: XMP-geo.
        let geo = dir.path + "/geo.xmp"
        try Data("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:geo="http://www.w3.org/2003/01/geo/wgs84_pos#" geo:lat="48.8584" geo:long="2.2945"/>
            </rdf:RDF></x:xmpmeta>
            """.utf8).write(to: URL(fileURLWithPath: geo))
        try ExifTool.write(path, ["-xmp<=" + geo])
        try ExifTool.write(path, [
            "-Orientation#=6", "-DateTimeOriginal=2023:06:01 18:30:00", "-OffsetTimeOriginal=+02:00", "-Make=Canon",
            "-Model=Canon EOS R6", "-ExposureTime=1/250", "-FNumber=2.8", "-ISO=400", "-FocalLength=35",
            "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
            "-XMP-drone-dji:GPSLatitude=48.8584", "-XMP-drone-dji:GPSLongitude=2.2945", "-XMP-drone-dji:AbsoluteAltitude=35",
            "-IPTC:City=Paris", "-IPTC:Sub-location=Champ de Mars", "-IPTC:Province-State=Ile-de-France",
            "-IPTC:Country-PrimaryLocationName=France", "-XMP-photoshop:City=Paris", "-XMP-photoshop:State=IDF",
            "-XMP-photoshop:Country=France", "-XMP-iptcCore:Location=Tour Eiffel", "-XMP-iptcExt:LocationCreatedCity=Paris",
            "-XMP-iptcExt:LocationCreatedGPSLatitude=48.8584", "-XMP-iptcExt:LocationShownGPSLongitude=2.2945",
            "-XMP-exif:GPSLatitude=48.8584", "-XMP-exif:GPSLongitude=2.2945", "-Comment=Paris 48.8584",
        ])
        // A maker note (exiv2 makes Canon's from scratch) with a place in it.
        try ExifWriter.write(path, tags: [("Exif.Canon.OwnerName", "Paris 48.8584")])
        return path
    }

    private func assertNoPlace(_ path: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let tags = try ExifTool.tags(path)
        XCTAssertEqual(ExifTool.placeTags(tags), [], "\(what): a reader finds a place", file: file, line: line)
        let strays = tags.keys.filter { ["XMP", "IPTC", "Canon", "MakerNotes", "File:Comment", "PNG:", "GPS"].contains(where: $0.hasPrefix) }
            .filter { !["PNG:ImageWidth", "PNG:ImageHeight", "PNG:BitDepth", "PNG:ColorType", "PNG:Compression", "PNG:Filter",
                        "PNG:Interlace", "PNG:ProfileName"].contains($0) }
        XCTAssertEqual(strays.sorted(), [], "\(what): nothing of XMP, IPTC, maker notes, comments or PNG text", file: file, line: line)
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        for text in ["Paris", "48.858", "Eiffel"] {
            XCTAssertNil(bytes.range(of: Data(text.utf8)), "\(what): \(text) is in its bytes", file: file, line: line)
        }
    }

    private func assertKept(_ path: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let tags = try ExifTool.tags(path)
        for (tag, value) in keptTags { XCTAssertEqual(tags[tag], value, "\(what): \(tag)", file: file, line: line) }
        XCTAssertEqual(tags["ICC_Profile:ProfileDescription"], "sRGB", "\(what): its colour profile", file: file, line: line)
        XCTAssertEqual(tags["IFD0:Orientation"], "Horizontal (normal)", "\(what): turned once", file: file, line: line)
        let pixels = try ExportProbe.pixels(path)
        XCTAssertEqual([pixels.width, pixels.height], [400, 600], "\(what): the pixels are upright", file: file, line: line)
    }

    func testAJPEGKeepsOnlyTheKeepListInEveryFormat() async throws {
        let path = try locatedJPEG()
        let before = try ExifTool.tags(path)
        for tag in ["GPS:GPSLatitude", "XMP-drone-dji:GPSLatitude", "XMP-geo:Lat", "IPTC:City", "IPTC:Sub-location", "IPTC:Province-State",
                    "XMP-photoshop:City", "XMP-iptcCore:Location", "XMP-iptcExt:LocationCreated", "XMP-exif:GPSLatitude",
                    "File:Comment", "Canon:OwnerName"] {
            XCTAssertNotNil(before[tag], "the sample has \(tag)")
        }
        let source = original(path)
        for format in [ExportSettings.Format.jpeg, .png, .webp, .keep] {
            let out = try exported(try await export([source], settings {
                $0.format = format
                $0.stripLocation = true
                $0.directory = RawPath(dir.path + "/out-\(format)")
            }))
            try assertNoPlace(out, "\(format)")
            try assertKept(out, "\(format)")
        }
        // Under maxBytes the photo is encoded again and again: each time with the list alone.
        let fitted = try exported(try await export([source], settings { $0.stripLocation = true; $0.maxBytes = 8_000 }))
        try assertNoPlace(fitted, "max bytes")
    }

    func testAPNGsTextChunksGo() async throws {
        // ImageMagick writes every property of the JPEG into PNG text chunks (drone-dji:GpsLatitude…).
        let jpeg = try locatedJPEG()
        let path = dir.path + "/located.png"
        let made = try ProcessRunner.run("/usr/bin/env", ["convert", jpeg, path])
        XCTAssertEqual(made.status, 0, made.stderrText)
        XCTAssertFalse(ExifTool.placeTags(try ExifTool.tags(path)).filter { $0.hasPrefix("PNG:") }.isEmpty, "the sample has places in PNG text")
        let source = original(path)
        for format in [ExportSettings.Format.png, .jpeg] {
            let out = try exported(try await export([source], settings {
                $0.format = format
                $0.stripLocation = true
                $0.directory = RawPath(dir.path + "/out-\(format)")
            }))
            try assertNoPlace(out, "png → \(format)")
        }
    }

    func testAHEICsExifAndXMPBlocksGo() async throws {
        guard HEIFWriter.canEncode else { throw XCTSkip("libheif has no HEVC encoder here, so no HEIC can be made") }
        let jpeg = try locatedJPEG()
        let block = try XCTUnwrap(tiffExif(of: jpeg))
        let xmp = try ProcessRunner.run(try XCTUnwrap(ExifTool.path), ["-b", "-XMP", jpeg]).stdoutText
        XCTAssertTrue(xmp.contains("drone-dji"), "the sample's XMP")
        let path = dir.path + "/phone.heic"
        try HEIFWriter.write(path, width: 64, height: 48, exif: [0, 0, 0, 0] + block, xmp: xmp)
        XCTAssertFalse(ExifTool.placeTags(try ExifTool.tags(path)).isEmpty, "the sample has places")
        let out = try exported(try await export([original(path)], settings { $0.stripLocation = true }))
        try assertNoPlace(out, "heic")
        let tags = try ExifTool.tags(out)
        for (tag, value) in keptTags { XCTAssertEqual(tags[tag], value, tag) }
    }

    /// A photo whose capture date is written only in XMP keeps it there, and nothing else of XMP.
    func testAnXMPOnlyDateIsKeptWithoutTheRestOfXMP() async throws {
        let path = dir.path + "/scanned.jpg"
        try ImageFactory.write(path, width: 200, height: 100, format: .jpeg)
        try ExifTool.write(path, ["-XMP-photoshop:DateCreated=2019:07:14 10:00:00+02:00", "-XMP-photoshop:City=Paris",
                                  "-XMP-dc:Title=Eiffel"])
        let out = try exported(try await export([original(path)], settings { $0.stripLocation = true }))
        let tags = try ExifTool.tags(out)
        XCTAssertEqual(tags["XMP-photoshop:DateCreated"], "2019:07:14 10:00:00+02:00")
        XCTAssertEqual(ExifTool.placeTags(tags), [])
        XCTAssertNil(tags["XMP-dc:Title"])
        let date = Exiv2MetadataReader().metadata(for: RawPath(out), mimeType: "image/jpeg", modified: 0)
        XCTAssertEqual(date.dateSource, .xmp, "the date still reads")
    }
}
