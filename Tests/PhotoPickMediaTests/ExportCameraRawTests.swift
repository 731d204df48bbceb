import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// A camera RAW exported by the export worker: its embedded JPEG, upright, resized and encoded
/// as any photo, carrying the RAW's metadata (not the preview's), and without location in
/// any form when asked, read back with exiftool.
final class ExportCameraRawTests: ExportTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        guard ExifTool.path != nil else { throw XCTSkip("exiftool is not installed (make test-deps installs libimage-exiftool-perl)") }
    }

    /// A RAW stored sideways (orientation 6) whose 600 × 400 preview carries an EXIF block of
    /// its own, place and all, as some cameras' do.
    private func located(_ format: CameraRawWriter.Format, preview: Bool = true, width: Int = 600, height: Int = 400) throws -> RawPath {
        let jpeg = dir.path + "/preview.jpg", path = dir.path + "/DSC_0001." + format.rawValue
        try ImageFactory.write(jpeg, width: width, height: height, format: .jpeg)
        let bytes = CameraRawWriter.withExif(try RawFiles.read(jpeg), orientation: 1)
        try CameraRawWriter.write(path, format: format, preview: preview ? bytes : nil, orientation: 6)
        return original(path)
    }

    func testARAWExportsItsPreviewUprightWithoutAnyPlace() async throws {
        for format in [CameraRawWriter.Format.nef, .dng, .cr3, .raf, .rw2] {
            let out = try exported(try await export([try located(format)], settings {
                $0.stripLocation = true
                $0.directory = RawPath(dir.path + "/out-\(format)")
            }))
            XCTAssertTrue(out.hasSuffix(".jpg"), "\(format): \(out)")
            XCTAssertEqual(magic(out, count: 3), [0xFF, 0xD8, 0xFF], "\(format)")
            let pixels = try ExportProbe.pixels(out)
            XCTAssertEqual([pixels.width, pixels.height], [400, 600], "\(format): the preview, turned as the RAW says")
            let tags = try ExifTool.tags(out)
            XCTAssertEqual(ExifTool.placeTags(tags), [], "\(format): a reader finds a place")
            XCTAssertEqual(tags["IFD0:Make"], "TestMaker", "\(format): the keep-list, from the RAW")
            XCTAssertEqual(tags["ExifIFD:DateTimeOriginal"], "2023:01:02 13:45:01", "\(format)")
            XCTAssertEqual(tags["IFD0:Orientation"], "Horizontal (normal)", "\(format): turned once")
        }
    }

    /// Turning a preview reads it out of order, which libvips' sequential load refuses past
    /// the lines it keeps ("out of order read"): a full-size one must turn as well.
    func testAFullSizePreviewIsTurnedWhole() async throws {
        let out = try exported(try await export([try located(.cr2, width: 3000, height: 2000)], settings { $0.stripLocation = true }))
        let pixels = try ExportProbe.pixels(out)
        XCTAssertEqual([pixels.width, pixels.height], [2000, 3000])
        let marker = pixels.rgb(1500, 500), base = pixels.rgb(500, 2500)
        XCTAssertGreaterThan(marker.b, marker.r, "the stored top-left quarter is at the top right: \(marker)")
        XCTAssertGreaterThan(base.r, base.b, "the base colour at the bottom left: \(base)")
    }

    func testARAWExportKeepsTheRAWsMetadataWhenAsked() async throws {
        let out = try exported(try await export([try located(.nef)], settings { $0.maxSize = 300 }))
        let pixels = try ExportProbe.pixels(out)
        XCTAssertEqual([pixels.width, pixels.height], [200, 300], "resized, upright")
        let tags = try ExifTool.tags(out)
        XCTAssertEqual(tags["IFD0:Make"], "TestMaker")
        XCTAssertEqual(tags["IFD0:Orientation"], "Horizontal (normal)")
        XCTAssertNotNil(tags["GPS:GPSLatitude"], "the RAW's location, kept as asked")
        XCTAssertNil(tags["SubIFD:ImageWidth"], "not the RAW's image structure")
        XCTAssertNil(tags["IFD1:ThumbnailImage"], "no thumbnail of the old orientation")
    }

    func testARAWExportWithoutMetadataHasNone() async throws {
        let out = try exported(try await export([try located(.arw)], settings { $0.stripMetadata = true }))
        let tags = try ExifTool.tags(out)
        XCTAssertNil(tags["IFD0:Make"])
        XCTAssertEqual(ExifTool.placeTags(tags), [])
        let pixels = try ExportProbe.pixels(out)
        XCTAssertEqual([pixels.width, pixels.height], [400, 600])
    }

    func testARAWWithoutPreviewIsNotExported() async throws {
        let source = try located(.nef, preview: false)
        let report = try await export([source], settings { $0.stripLocation = true })
        XCTAssertEqual(errors(report), [.noPreview(path: source, cacheChecked: false)])
        XCTAssertEqual(names(in: dir.path + "/out"), [], "nothing written")
    }
}
