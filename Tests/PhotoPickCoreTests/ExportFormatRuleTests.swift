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
        // Kept, a PNG is encoded again as a PNG (lossless: far more than a JPEG), a HEIC as a JPEG.
        func estimate(_ mime: String, as format: ExportSettings.Format? = nil) -> Int64 {
            var s = settings
            if let format { s.format = format }
            return ExportEstimate.bytes(sourceBytes: 123_456, mimeType: mime, isVideo: false, width: 400, height: 300, settings: s)
        }
        XCTAssertEqual(estimate("image/png"), estimate("image/png", as: .png))
        XCTAssertEqual(estimate("image/heif"), estimate("image/heif", as: .jpeg))
        XCTAssertGreaterThan(estimate("image/png"), 3 * estimate("image/heif"))
    }
}
