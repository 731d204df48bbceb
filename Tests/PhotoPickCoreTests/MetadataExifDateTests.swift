import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest

final class MetadataExifDateTests: XCTestCase {
    /// Local readings in a zone that is not UTC (where they would equal UTC ones, and a
    /// reading in the wrong zone would pass): Berlin, through Core's host and `TZ` alike.
    override func invokeTest() {
        do { try inLocalZone("Europe/Berlin") { super.invokeTest() } } catch { XCTFail("no Berlin zone: \(error)") }
    }

    /// Seconds of an ISO 8601 instant, through Foundation's formatter (independent of the parser).
    private func utc(_ iso: String) -> Double {
        ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970
    }

    func testExifWithOffset() throws {
        let date = try XCTUnwrap(ExifDate.parse("2023:01:02 13:45:01", offset: "+02:00"))
        XCTAssertEqual(date.seconds, utc("2023-01-02T11:45:01Z"))
        XCTAssertEqual(date.utcOffset, 7200)
        let west = try XCTUnwrap(ExifDate.parse("2023:07:04 23:30:00", offset: "-05:30"))
        XCTAssertEqual(west.seconds, utc("2023-07-05T05:00:00Z"))
        XCTAssertEqual(west.utcOffset, -19800)
        XCTAssertEqual(ExifDate.parse("2023:01:02 13:45:01", offset: "+00:00")?.utcOffset, 0)
    }

    func testExifWithoutOffsetIsLocalTime() throws {
        for offset in [nil, "", "   :  ", "junk", "+25:00"] as [String?] {
            let date = try XCTUnwrap(ExifDate.parse("2023:01:02 13:45:01", offset: offset), "\(offset ?? "nil")")
            XCTAssertEqual(date.seconds, localSeconds(2023, 1, 2, 13, 45, 1))
            XCTAssertNil(date.utcOffset)
        }
    }

    func testExifToleratesPaddingAndCommonVariants() {
        XCTAssertEqual(ExifDate.parse("2023:01:02 13:45:01\0")?.seconds, localSeconds(2023, 1, 2, 13, 45, 1))
        XCTAssertEqual(ExifDate.parse(" 2023:01:02 13:45:01 ")?.seconds, localSeconds(2023, 1, 2, 13, 45, 1))
        XCTAssertEqual(ExifDate.parse("2023-01-02 13:45:01")?.seconds, localSeconds(2023, 1, 2, 13, 45, 1))
    }

    func testExifRejects() {
        for text in ["0000:00:00 00:00:00", "    :  :     :  :  ", "", "   ", "2023:13:02 13:45:01",
                     "2023:02:30 13:45:01", "2023:01:02 24:00:00", "2023:01:02 13:60:00", "2023:01:02",
                     "2023:01:02 13:45", "2023:01-02 13:45:01", "20230102 134501", "2023:01:02 13:45:012",
                     "garbage garbage garbage"] {
            XCTAssertNil(ExifDate.parse(text), text)
            XCTAssertNil(ExifDate.parse(text, offset: "+02:00"), text)
        }
    }

    func testOffsets() {
        XCTAssertEqual(ExifDate.utcOffset("+02:00"), 7200)
        XCTAssertEqual(ExifDate.utcOffset("-05:30"), -19800)
        XCTAssertEqual(ExifDate.utcOffset("+0545"), 20700)
        XCTAssertEqual(ExifDate.utcOffset("+09"), 32400)
        XCTAssertEqual(ExifDate.utcOffset("Z"), 0)
        XCTAssertEqual(ExifDate.utcOffset("+14:00"), 50400)
        for bad in ["", "   :  ", "02:00", "+2:00", "+02:0", "+15:00", "+02:60", "+02-00", "UTC"] {
            XCTAssertNil(ExifDate.utcOffset(bad), bad)
        }
    }

    func testXMPDates() throws {
        let zoned = try XCTUnwrap(ExifDate.parseXMP("2024-05-01T14:03:22+02:00"))
        XCTAssertEqual(zoned.seconds, utc("2024-05-01T12:03:22Z"))
        XCTAssertEqual(zoned.utcOffset, 7200)
        let fractional = try XCTUnwrap(ExifDate.parseXMP("2024-05-01T14:03:22.123Z"))
        XCTAssertEqual(fractional.seconds, utc("2024-05-01T14:03:22Z") + 0.123, accuracy: 1e-6)
        XCTAssertEqual(fractional.utcOffset, 0)
        let local = try XCTUnwrap(ExifDate.parseXMP("2024-05-01T14:03:22"))
        XCTAssertEqual(local.seconds, localSeconds(2024, 5, 1, 14, 3, 22))
        XCTAssertNil(local.utcOffset)
        XCTAssertEqual(ExifDate.parseXMP("2024-05-01T14:03")?.seconds, localSeconds(2024, 5, 1, 14, 3, 0))
        XCTAssertEqual(ExifDate.parseXMP("2024-05-01T14:03-04:00")?.seconds, utc("2024-05-01T18:03:00Z"))
        let day = try XCTUnwrap(ExifDate.parseXMP("2024-05-01"))
        XCTAssertEqual(day.seconds, localSeconds(2024, 5, 1))
        XCTAssertNil(day.utcOffset)
    }

    func testXMPRejects() {
        for text in ["", " ", "2024", "2024-05", "2024-13-01", "2024-02-30T10:00:00", "2024-05-01T25:00:00",
                     "2024-05-01T14:03:22+02:00 trailing", "2024-05-01T14:03:22.Z", "2024-05-01X14:03:22",
                     "2024/05/01", "0000-00-00T00:00:00"] {
            XCTAssertNil(ExifDate.parseXMP(text), text)
        }
    }
}
