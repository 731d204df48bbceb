import PhotoPickCore
import TestSupportCore
import XCTest

/// A date without an offset (EXIF, a file name) is read in the host's local zone, including
/// at the two changes of the clocks a year. The expected instants are written out in UTC.
final class LocalWallClockTests: XCTestCase {
    private func exif(_ text: String) throws -> Double? {
        try inLocalZone("Europe/Berlin") { ExifDate.parse(text)?.seconds }
    }

    func testWinterAndSummerReadingsTakeTheirSeasonsOffset() throws {
        XCTAssertEqual(try exif("2023:01:02 13:45:01"), 1_672_663_501)  // 12:45:01Z, UTC+1
        XCTAssertEqual(try exif("2023:07:01 12:00:00"), 1_688_205_600)  // 10:00Z, UTC+2
    }

    func testAnHourTheClocksSkippedMovesOnByTheGap() throws {
        // 2023-03-26 02:30 did not happen in Berlin: read as 03:30 CEST, 01:30Z.
        XCTAssertEqual(try exif("2023:03:26 02:30:00"), 1_679_794_200)
    }

    func testAnHourTheClocksRepeatedIsItsFirstTime() throws {
        // 2023-10-29 02:30 happened twice in Berlin: the first, 02:30 CEST, is 00:30Z.
        XCTAssertEqual(try exif("2023:10:29 02:30:00"), 1_698_539_400)
    }

    func testTheZoneIsTheHostsNotTheProcesssOwn() throws {
        // TZ says Berlin, but Core asks its host, which here answers UTC (installed for this
        // test: in a full run another suite may have installed the system's host before).
        let seconds = try onUTCHost { try withTimeZone("Europe/Berlin") { ExifDate.parse("2023:01:02 13:45:01")?.seconds } }
        XCTAssertEqual(seconds, 1_672_667_101)  // 13:45:01Z
    }
}
