import PhotoPickCore
import TestSupportCore
import XCTest

final class CollectionsGroupingTests: XCTestCase {
    private func titles(_ dates: [Double], _ grouping: AssetGrouping, offset: Int? = 0,
                        sort: AssetSort = .dateDescending) -> [String] {
        let assets = dates.enumerated().map { Fixture.asset($0 + 1, "a/\($0).jpg", at: $1, offset: offset) }
        return Fixture.source(assets).collection(of: .allPhotos, grouping: grouping, sort: sort).groups.map(\.title)
    }

    private func s(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 12, _ mi: Int = 0, offset: Int = 0) -> Double {
        Fixture.seconds(y, mo, d, h, mi, offset: offset)
    }

    func testCalendarTitles() {
        let date = s(2024, 5, 1, 14, 3)
        XCTAssertEqual(titles([date], .year), ["2024"])
        XCTAssertEqual(titles([date], .month), ["May 2024"])
        XCTAssertEqual(titles([date], .week), ["Week 18, 2024"])
        XCTAssertEqual(titles([date], .day), ["Wednesday, 1 May 2024"])
        XCTAssertEqual(titles([date], .hour), ["1 May 2024, 14:00"])
        XCTAssertEqual(titles([s(2024, 5, 6, 9, 5)], .week), ["Week 19, 2024"])
        XCTAssertEqual(titles([s(2024, 5, 6, 9, 5)], .hour), ["6 May 2024, 09:00"])
        XCTAssertEqual(titles([date], .none), [""])
        XCTAssertEqual(titles([], .week), [], "nothing shown, no groups")
    }

    /// ISO weeks belong to the year of their Thursday.
    func testWeekNumbersAroundNewYear() {
        XCTAssertEqual(titles([s(2024, 12, 30)], .week), ["Week 1, 2025"])
        XCTAssertEqual(titles([s(2024, 12, 29)], .week), ["Week 52, 2024"])
        XCTAssertEqual(titles([s(2021, 1, 3)], .week), ["Week 53, 2020"])
        XCTAssertEqual(titles([s(2021, 1, 4)], .week), ["Week 1, 2021"])
        XCTAssertEqual(titles([s(2026, 1, 1)], .week), ["Week 1, 2026"])
        XCTAssertEqual(titles([s(2027, 1, 1)], .week), ["Week 53, 2026"])
        XCTAssertEqual(titles([s(2008, 12, 29)], .week), ["Week 1, 2009"])
        XCTAssertEqual(titles([s(2010, 1, 3)], .week), ["Week 53, 2009"])
        // Sunday and the next Monday: two weeks; Monday to Sunday: one.
        XCTAssertEqual(titles([s(2024, 5, 5), s(2024, 5, 6)], .week), ["Week 19, 2024", "Week 18, 2024"])
        XCTAssertEqual(titles([s(2024, 5, 6, 0, 0), s(2024, 5, 12, 23, 59)], .week), ["Week 19, 2024"])
    }

    func testISOWeekAgainstFoundationForEveryDayOfTwentyYears() {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let start = CivilDate(year: 2000, month: 1, day: 1).dayNumber
        for day in start..<(start + 20 * 366) {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400)
            let parts = calendar.dateComponents([.weekOfYear, .yearForWeekOfYear, .year, .month, .day], from: date)
            let ours = CivilDate.isoWeek(dayNumber: day)
            XCTAssertEqual(ours.week, parts.weekOfYear, "\(date)")
            XCTAssertEqual(ours.year, parts.yearForWeekOfYear, "\(date)")
            let civil = CivilDate(dayNumber: day)
            XCTAssertEqual([civil.year, civil.month, civil.day], [parts.year, parts.month, parts.day])
            XCTAssertEqual(civil.dayNumber, day)
        }
    }

    func testGroupsFollowTheSortDirection() {
        let dates = [s(2024, 1, 15), s(2024, 3, 1), s(2023, 12, 31), s(2024, 3, 2)]
        XCTAssertEqual(titles(dates, .month), ["March 2024", "January 2024", "December 2023"])
        XCTAssertEqual(titles(dates, .month, sort: .dateAscending), ["December 2023", "January 2024", "March 2024"])
        XCTAssertEqual(titles(dates, .year), ["2024", "2023"])
    }

    /// Calendar groups use the date's own UTC offset: 23:30 at −05:00 is still 30 April there.
    func testCaptureOffsetDecidesTheDay() {
        let lateInNewYork = s(2024, 4, 30, 23, 30, offset: -5 * 3600)
        XCTAssertEqual(titles([lateInNewYork], .day, offset: -5 * 3600), ["Tuesday, 30 April 2024"])
        XCTAssertEqual(titles([lateInNewYork], .day, offset: 2 * 3600), ["Wednesday, 1 May 2024"])
        XCTAssertEqual(titles([lateInNewYork], .hour, offset: -5 * 3600), ["30 April 2024, 23:00"])
    }


    func testEventsSplitAtGapsLongerThanTheEventGap() {
        let base = s(2024, 5, 1, 8, 0)
        let dates = [base, base + 3600, base + 5 * 3600, base + 9 * 3600 + 1, base + 30 * 3600]
        let assets = dates.enumerated().map { Fixture.asset($0 + 1, "e/\($0).jpg", at: $1) }
        let source = Fixture.source(assets)
        let events = source.collection(of: .allPhotos, grouping: .event(), sort: .dateAscending)
        // Gaps: 1 h, 4 h (not more than 4: same event), 4 h + 1 s (new), 21 h (new).
        XCTAssertEqual(events.groups.map { $0.assetIDs.map(\.rawValue) }, [[1, 2, 3], [4], [5]])
        XCTAssertEqual(events.groups.map(\.title), ["1 May 2024", "1 May 2024", "2 May 2024"])
        let newestFirst = source.collection(of: .allPhotos, grouping: .event())
        XCTAssertEqual(newestFirst.groups.map { $0.assetIDs.map(\.rawValue) }, [[5], [4], [3, 2, 1]])
        let wide = source.collection(of: .allPhotos, grouping: .event(gapHours: 24), sort: .dateAscending)
        XCTAssertEqual(wide.groups.count, 1)
        XCTAssertEqual(wide.groups[0].title, "1–2 May 2024")
    }

    func testEventTitlesSpanMonthsAndYears() {
        func eventTitle(_ dates: [Double]) -> String {
            let assets = dates.enumerated().map { Fixture.asset($0 + 1, "e/\($0).jpg", at: $1) }
            return Fixture.source(assets).collection(of: .allPhotos, grouping: .event(gapHours: 48)).groups[0].title
        }
        XCTAssertEqual(eventTitle([s(2024, 5, 1), s(2024, 5, 2), s(2024, 5, 3)]), "1–3 May 2024")
        XCTAssertEqual(eventTitle([s(2024, 4, 30), s(2024, 5, 2)]), "30 April – 2 May 2024")
        XCTAssertEqual(eventTitle([s(2024, 12, 30), s(2025, 1, 1)]), "30 December 2024 – 1 January 2025")
        XCTAssertEqual(eventTitle([s(2024, 5, 1, 9), s(2024, 5, 1, 17)]), "1 May 2024")
    }

    func testEventGapDefaultsToFourHours() {
        XCTAssertEqual(AssetGrouping.event(), .event(gapHours: 4))
        XCTAssertEqual(AssetGrouping(parsing: "event"), .event(gapHours: 4))
        XCTAssertEqual(AssetGrouping(parsing: "Week"), .week)
        XCTAssertNil(AssetGrouping(parsing: "fortnight"))
    }
}
