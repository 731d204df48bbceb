import PhotoPickCore
import PhotoPickSystem
import TestSupportCore
import XCTest

/// Grouping read in the machine's zone (`TZ`), which only the system host knows; the
/// grouping with recorded offsets is tested in Core's CollectionsGroupingTests.
final class LocalZoneGroupingTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real zone through the model
    }

    private func titles(_ dates: [Double], _ grouping: AssetGrouping, offset: Int? = 0,
                        sort: AssetSort = .dateDescending) -> [String] {
        let assets = dates.enumerated().map { Fixture.asset($0 + 1, "a/\($0).jpg", at: $1, offset: offset) }
        return Fixture.source(assets).collection(of: .allPhotos, grouping: grouping, sort: sort).groups.map(\.title)
    }

    private func s(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 12, _ mi: Int = 0, offset: Int = 0) -> Double {
        Fixture.seconds(y, mo, d, h, mi, offset: offset)
    }

    /// Without a recorded offset, the machine's zone decides, DST included.
    func testLocalZoneDecidesWithoutAnOffset() throws {
        try withTimeZone("America/New_York") {
            let utc = s(2024, 5, 1, 2, 0)  // 22:00 the evening before in New York (EDT)
            XCTAssertEqual(titles([utc], .day, offset: nil), ["Tuesday, 30 April 2024"])
            XCTAssertEqual(titles([utc], .hour, offset: nil), ["30 April 2024, 22:00"])
            let winter = s(2024, 1, 10, 3, 0)  // 22:00 in EST
            XCTAssertEqual(titles([winter], .hour, offset: nil), ["9 January 2024, 22:00"])
        }
        try withTimeZone("Europe/Berlin") {
            // 31 March 2024: clocks go from 02:00 to 03:00 at 01:00 UTC.
            let before = s(2024, 3, 31, 0, 30), after = s(2024, 3, 31, 1, 30)
            XCTAssertEqual(titles([before, after], .hour, offset: nil), ["31 March 2024, 03:00", "31 March 2024, 01:00"])
        }
    }
}
