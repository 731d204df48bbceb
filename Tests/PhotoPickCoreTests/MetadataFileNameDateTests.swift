import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The wall clock read in the local zone by Glibc's mktime: an implementation independent
/// of the Foundation calendar the parser uses.
func localSeconds(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Double {
    var t = tm()
    t.tm_year = Int32(y - 1900); t.tm_mon = Int32(mo - 1); t.tm_mday = Int32(d)
    t.tm_hour = Int32(h); t.tm_min = Int32(mi); t.tm_sec = Int32(s); t.tm_isdst = -1
    return Double(mktime(&t))
}

final class MetadataFileNameDateTests: XCTestCase {
    /// Local readings in a zone that is not UTC (where they would equal UTC ones, and a
    /// reading in the wrong zone would pass): Berlin, through Core's host and `TZ` alike.
    override func invokeTest() {
        do { try inLocalZone("Europe/Berlin") { super.invokeTest() } } catch { XCTFail("no Berlin zone: \(error)") }
    }

    private func check(_ name: String, _ expected: (Int, Int, Int, Int, Int, Int),
                       file: StaticString = #filePath, line: UInt = #line) {
        guard let date = FileNameDate.parse(name) else {
            return XCTFail("no date in \(name)", file: file, line: line)
        }
        let (y, mo, d, h, mi, s) = expected
        XCTAssertEqual(date.seconds, localSeconds(y, mo, d, h, mi, s), name, file: file, line: line)
        XCTAssertNil(date.utcOffset, "names carry no offset: \(name)", file: file, line: line)
    }

    func testCameraAndPhoneNames() {
        check("IMG_20230102_134501.jpg", (2023, 1, 2, 13, 45, 1))
        check("VID_20230102_134501.mp4", (2023, 1, 2, 13, 45, 1))
        check("PXL_20230102_134501123.jpg", (2023, 1, 2, 13, 45, 1))
        check("PXL_20230102_134501123.MP.jpg", (2023, 1, 2, 13, 45, 1))
        check("20230102_134501.jpg", (2023, 1, 2, 13, 45, 1))
        check("20230102134501.jpg", (2023, 1, 2, 13, 45, 1))
        check("IMG-20230102-WA0001.jpg", (2023, 1, 2, 0, 0, 0))  // WhatsApp: date only
        check("IMG_20230102.jpg", (2023, 1, 2, 0, 0, 0))
        check("IMG_20230102_0007.jpg", (2023, 1, 2, 0, 0, 0))  // a counter, not a time
        check("signal-2024-05-01-140322.jpg", (2024, 5, 1, 14, 3, 22))
    }

    func testScreenshotNames() {
        check("Screenshot from 2024-05-01 14-03-22.png", (2024, 5, 1, 14, 3, 22))  // GNOME
        check("Screenshot_20240501-140322.png", (2024, 5, 1, 14, 3, 22))  // Android
        check("Screenshot_20240501-140322_Chrome.jpg", (2024, 5, 1, 14, 3, 22))
        check("Screenshot_20240501_140322.png", (2024, 5, 1, 14, 3, 22))  // KDE Spectacle
        check("Screen Shot 2024-05-01 at 2.03.22 PM.png", (2024, 5, 1, 14, 3, 22))  // macOS, old
        check("Screen Shot 2024-05-01 at 12.03.22 AM.png", (2024, 5, 1, 0, 3, 22))
        check("Screen Shot 2024-05-01 at 12.03.22 PM.png", (2024, 5, 1, 12, 3, 22))
        check("Screenshot 2024-05-01 at 2.03.22\u{202F}PM.png", (2024, 5, 1, 14, 3, 22))  // macOS 13+
        check("Screenshot 2024-05-01 at 14.03.22.png", (2024, 5, 1, 14, 3, 22))  // macOS, 24 h
        check("Screenshot 2024-05-01 at 14.03.22", (2024, 5, 1, 14, 3, 22))  // no extension
        check("Screenshot 2024-05-01 140322.png", (2024, 5, 1, 14, 3, 22))  // Windows Snipping
    }

    func testRejects() {
        for name in [
            "IMG_20231302_134501.jpg",  // month 13
            "IMG_20230230_134501.jpg",  // 30 February
            "IMG_20230431.jpg",  // 31 April
            "IMG_20230102_254501.jpg",  // hour 25
            "IMG_20230102_136001.jpg",  // minute 60
            "IMG_19890102_134501.jpg", "IMG_21010102_134501.jpg",  // years outside 1990…2100
            "Screenshot from 2024-13-01 14-03-22.png",
            "Screen Shot 2024-05-01 at 13.03.22 PM.png",
            "DSC_0001.jpg", "holiday.jpg", "12345678.jpg", "IMG_2023010.jpg", "IMG_202301021.jpg",
            "Screenshot (12).png", "", ".jpg", "2024.jpg",
        ] {
            XCTAssertNil(FileNameDate.parse(name), name)
        }
    }

    func testLeapDayIsValidOnlyInLeapYears() {
        check("IMG_20240229_120000.jpg", (2024, 2, 29, 12, 0, 0))
        check("IMG_20000229_120000.jpg", (2000, 2, 29, 12, 0, 0))
        XCTAssertNil(FileNameDate.parse("IMG_20230229_120000.jpg"))
        XCTAssertNil(FileNameDate.parse("IMG_21000229_120000.jpg"))
    }

    func testYearBounds() {
        check("IMG_19900101_000000.jpg", (1990, 1, 1, 0, 0, 0))
        check("IMG_21001231_235959.jpg", (2100, 12, 31, 23, 59, 59))
    }

    /// The wall clock is local time: under Tokyo (UTC+9, no DST) 13:45 is 04:45 UTC.
    func testReadsTheWallClockInTheLocalZone() throws {
        let saved = ProcessInfo.processInfo.environment["TZ"]
        setenv("TZ", "Asia/Tokyo", 1)
        tzset()
        NSTimeZone.resetSystemTimeZone()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
            NSTimeZone.resetSystemTimeZone()
        }
        guard TimeZone.current.secondsFromGMT() == 9 * 3600 else {
            throw XCTSkip("cannot switch the process time zone here (tzdata missing?)")
        }
        let date = try XCTUnwrap(FileNameDate.parse("IMG_20230102_134501.jpg"))
        XCTAssertEqual(date.seconds, 1_672_634_701)  // 2023-01-02T04:45:01Z
    }

    func testInvalidUTF8AndOddNamesDoNotCrash() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
                Bool.random(using: &rng) ? UInt8.random(in: 0x2D...0x39, using: &rng) : UInt8.random(in: 0...255, using: &rng)
            }
            if let date = FileNameDate.parse(String(decoding: bytes, as: UTF8.self)) {
                XCTAssertTrue(date.seconds.isFinite)
            }
        }
    }
}
