import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// The tags of an export, read back with gexiv2: the capture date, its offset and the camera
/// stay; GPS goes with stripLocation; everything goes with stripMetadata.
final class ExportMetadataTests: ExportTestCase {
    private let kept = ["Exif.Photo.DateTimeOriginal": "2023:06:01 18:30:00", "Exif.Photo.OffsetTimeOriginal": "+02:00",
                        "Exif.Image.Make": "Canon", "Exif.Image.Model": "Canon EOS R6"]

    private func tagged(_ name: String, format: ImageFactory.Format = .jpeg) throws -> RawPath {
        let path = dir.path + "/" + name
        try ImageFactory.write(path, width: 600, height: 400, format: format)
        try ExifWriter.write(path, tags: kept.sorted { $0.key < $1.key } + [("Xmp.exif.GPSLatitude", "48,51.5N")],
                             gps: (latitude: 48.8584, longitude: 2.2945, altitude: 35))
        return original(path)
    }

    private func gpsTags(_ tags: [String: String]) -> [String] { tags.keys.filter { $0.contains("GPS") }.sorted() }

    func testDateOffsetAndCameraKeptWithLocationByDefault() async throws {
        let source = try tagged("trip.jpg")
        XCTAssertFalse(gpsTags(try ExportProbe.tags(source.description)).isEmpty, "the original has GPS")
        for format in [ExportSettings.Format.jpeg, .png, .webp] {
            let out = try exported(try await export([source], settings { $0.format = format; $0.maxSize = 300 }))
            let tags = try ExportProbe.tags(out)
            for (tag, value) in kept { XCTAssertEqual(tags[tag], value, "\(format): \(tag)") }
            XCTAssertFalse(gpsTags(tags).isEmpty, "\(format): location kept unless asked")
        }
    }

    func testStripLocationRemovesEveryGPSTag() async throws {
        let source = try tagged("trip.jpg")
        for format in [ExportSettings.Format.jpeg, .png, .webp] {
            let out = try exported(try await export([source], settings { $0.format = format; $0.stripLocation = true }))
            let tags = try ExportProbe.tags(out)
            XCTAssertEqual(gpsTags(tags), [], "\(format)")
            for (tag, value) in kept { XCTAssertEqual(tags[tag], value, "\(format): \(tag) stays") }
        }
    }

    func testStripMetadataRemovesEverything() async throws {
        let source = try tagged("trip.jpg")
        for format in [ExportSettings.Format.jpeg, .png, .webp] {
            let out = try exported(try await export([source], settings { $0.format = format; $0.stripMetadata = true }))
            XCTAssertEqual(try ExportProbe.tags(out), [:], "\(format): no EXIF, XMP or IPTC")
            XCTAssertNil(ExportProbe.iccProfile(out), "\(format): no profile (the pixels are sRGB)")
        }
    }

    func testHEICCaptureDateAndCameraKept() async throws {
        guard HEIFWriter.canEncode else { throw XCTSkip("libheif has no HEVC encoder here, so no HEIC can be made") }
        // The Exif block of a HEIC, taken from a JPEG that gexiv2 tagged.
        let carrier = dir.path + "/carrier.jpg"
        try ImageFactory.write(carrier, width: 8, height: 8, format: .jpeg)
        try ExifWriter.write(carrier, tags: kept.sorted { $0.key < $1.key }, gps: (latitude: 1, longitude: 2, altitude: 3))
        let block = try XCTUnwrap(tiffExif(of: carrier))
        let path = dir.path + "/phone.heic"
        try HEIFWriter.write(path, width: 64, height: 48, exif: [0, 0, 0, 0] + block)
        let out = try exported(try await export([original(path)], settings { $0.stripLocation = true }))
        let tags = try ExportProbe.tags(out)
        for (tag, value) in kept { XCTAssertEqual(tags[tag], value, tag) }
        XCTAssertEqual(gpsTags(tags), [])
    }
}
