import Foundation
@testable import PhotoPickCore
import XCTest

/// Times at and past the ends of what can be named — from the file system, a file or a
/// cache — never crash and never print an impossible date.
final class ExtremeDateTests: XCTestCase {
    private static let extremes: [Double] = [
        Double(Int64.max), Double(Int64.min), 253_402_300_800, 9e18, -9e18,
        1e308, -1e308, .infinity, -.infinity, .nan, -62_135_596_801, 253_402_300_799,
    ]

    private func asset(modified: Double, metadata: AssetMetadata = AssetMetadata()) -> Asset {
        Asset(id: AssetID(1), path: RawPath("/p/IMG.jpg"), mimeType: "image/jpeg", kind: .photo, sizeBytes: 1,
              modified: modified, albumID: .folder(RawPath("/p")), metadata: metadata)
    }

    /// `YYYY-MM-DDThh:mm:ss±hh:mm` with a real month, day and time.
    static func assertISO8601(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let parts = text.split(whereSeparator: { "-T:+".contains($0) })
        let pattern = #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$"#
        XCTAssertNotNil(text.range(of: pattern, options: .regularExpression), text, file: file, line: line)
        guard parts.count >= 6, let y = Int(parts[0]), let mo = Int(parts[1]), let d = Int(parts[2]),
              let h = Int(parts[3]), let mi = Int(parts[4]) else { return }
        XCTAssertTrue((1...9999).contains(y) && (1...12).contains(mo) && (1...31).contains(d)
                      && (0...23).contains(h) && (0...59).contains(mi), text, file: file, line: line)
    }

    func testAnExtremeModificationTimeIsNoDate() {
        for t in Self.extremes {
            let a = asset(modified: t)
            XCTAssertTrue(RepresentableTime.contains(a.modified), "\(t)")
            var facts = AssetFactsTable()
            facts.record(a)  // crashed: "Double value cannot be converted to Int64"
            let object = AssetFormatter().object(a, album: nil)
            guard case .object(let members) = object else { return XCTFail() }
            let date = members.first { $0.0 == "date" }!.1
            if RepresentableTime.contains(t) {
                guard case .string(let text) = date else { return XCTFail("\(t): \(date)") }
                Self.assertISO8601(text)
            } else {
                XCTAssertEqual(date, .null, "\(t)")
                XCTAssertEqual(members.first { $0.0 == "date_source" }!.1, .null, "\(t)")
                XCTAssertFalse(a.hasKnownDate)
            }
            _ = TileDescription.accessibleName(a, pickIndex: 0)
            _ = AssetDetails.lines(a)
        }
    }

    func testAnExtremeCaptureDateIsDroppedForTheNextSource() {
        for t in Self.extremes where !RepresentableTime.contains(t) {
            let a = asset(modified: 1_700_000_000,
                          metadata: AssetMetadata(captureDate: CaptureDate(seconds: t, utcOffset: 3600), dateSource: .exif))
            XCTAssertNil(a.metadata.captureDate, "\(t)")
            XCTAssertEqual(a.metadata.dateSource, .modified)
            XCTAssertEqual(AssetFormatter.date(of: a).map { String($0.prefix(4)) }, "2023")
        }
        // An EXIF date beyond the range gives way to the next source, the file name.
        var findings = MetadataFindings()
        findings.containerCreation = 1e300
        let m = MetadataAssembler.assemble(findings, path: RawPath("/p/IMG_20240501_140300.jpg"), mimeType: "image/jpeg")
        XCTAssertEqual(m.dateSource, .fileName)
    }

    func testTheLastRepresentableMomentsPrintAsFourDigitYears() {
        for offset in [-18 * 3600, -3600, 0, 3600, 14 * 3600, 18 * 3600, 99 * 3600] {
            for t in [RepresentableTime.earliest, RepresentableTime.latest] {
                Self.assertISO8601(ISODate.format(t, utcOffset: offset))
                Self.assertISO8601(ISODate.format(t))
            }
        }
        for t in Self.extremes { Self.assertISO8601(ISODate.format(t)) }
    }

    func testImpossibleValuesFromAnySourceAreUnknown() {
        let damaged = AssetMetadata(pixelWidth: Int.max, pixelHeight: 3, orientation: 99,
                                    captureDate: CaptureDate(seconds: 1_700_000_000, utcOffset: Int.max),
                                    dateSource: .exif, location: GeoLocation(latitude: .nan, longitude: 500),
                                    rating: 1000, durationSeconds: 1e308).validated()
        XCTAssertNil(damaged.pixelWidth)
        XCTAssertNil(damaged.pixelHeight)
        XCTAssertEqual(damaged.orientation, 1)
        XCTAssertEqual(damaged.captureDate, CaptureDate(seconds: 1_700_000_000))
        XCTAssertNil(damaged.location)
        XCTAssertNil(damaged.rating)
        XCTAssertNil(damaged.durationSeconds)
        XCTAssertEqual(HumanFormat.duration(1e308), HumanFormat.duration(1e12))
    }
}
