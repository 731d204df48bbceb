import PhotoPickCore
import XCTest

/// `keep` has one rule, the estimate's and the export worker's: the original's format where
/// photopick writes it, JPEG otherwise; any other format asked is the format written.
final class ExportFormatRuleTests: XCTestCase {
    func testKeepWritesTheOriginalsFormatWhereItCanAndJPEGOtherwise() {
        let keep = ExportSettings.Format.keep
        XCTAssertEqual(keep.written(forMIMEType: "image/jpeg"), .jpeg)
        XCTAssertEqual(keep.written(forMIMEType: "image/png"), .png)
        XCTAssertEqual(keep.written(forMIMEType: "image/webp"), .webp)
        for other in ["image/heif", "image/avif", "image/tiff", "image/gif", "", "application/octet-stream"] {
            XCTAssertEqual(keep.written(forMIMEType: other), .jpeg, other)
        }
    }

    func testAFormatAskedForIsTheFormatWritten() {
        for format in [ExportSettings.Format.jpeg, .png, .webp] {
            for type in ["image/jpeg", "image/png", "image/webp", "image/heif"] {
                XCTAssertEqual(format.written(forMIMEType: type), format, "\(format) from \(type)")
            }
        }
    }

    func testTheEstimateFollowsTheSameRule() {
        var settings = ExportSettings()
        settings.format = .keep
        // A PNG kept as PNG at its own size counts at its own bytes; a HEIC becomes a JPEG.
        let png = ExportEstimate.bytes(sourceBytes: 123_456, mimeType: "image/png", isVideo: false, width: 400, height: 300,
                                       settings: settings)
        XCTAssertEqual(png, 123_456)
        let heic = ExportEstimate.bytes(sourceBytes: 123_456, mimeType: "image/heif", isVideo: false, width: 400, height: 300,
                                        settings: settings)
        XCTAssertNotEqual(heic, 123_456)
    }
}
