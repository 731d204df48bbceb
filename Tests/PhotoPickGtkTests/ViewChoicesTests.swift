import PhotoPickCore
import XCTest
@testable import PhotoPickGtk

/// The toolbar lists the option types' own values: every grouping and sort, under the
/// command line's spelling (the action target), each with its own name. No display needed.
final class ViewChoicesTests: XCTestCase {
    func testEveryGroupingAndSortIsOfferedUnderItsCommandLineName() {
        XCTAssertEqual(ViewChoices.groupings.map(\.grouping), AssetGrouping.allCases)
        XCTAssertEqual(ViewChoices.sorts.map(\.sort), AssetSort.allCases)
        for choice in ViewChoices.groupings {
            XCTAssertEqual(AssetGrouping(parsing: choice.id), choice.grouping, choice.id)
            XCTAssertEqual(ViewChoices.groupingIndex(choice.grouping).map { ViewChoices.groupings[$0].id }, choice.id)
        }
        for choice in ViewChoices.sorts {
            XCTAssertEqual(AssetSort(parsing: choice.id), choice.sort, choice.id)
            XCTAssertEqual(ViewChoices.sortIndex(choice.sort).map { ViewChoices.sorts[$0].id }, choice.id)
        }
    }

    func testNamesAreDistinctWords() {
        for titles in [ViewChoices.groupings.map(\.title), ViewChoices.sorts.map(\.title), ViewChoices.filters.map(\.title)] {
            XCTAssertEqual(Set(titles).count, titles.count, "\(titles)")
            XCTAssertFalse(titles.contains(where: \.isEmpty))
        }
        XCTAssertEqual(ViewChoices.sorts.first?.title, "Newest First")
        XCTAssertEqual(ViewChoices.filters.map(\.title), ["All Items", "Photos", "Videos", "Screenshots", "Favorites", "JPEG", "PNG"])
        XCTAssertEqual(ViewChoices.filterIndex(AssetFilter([.favorite])), 4)
        XCTAssertNil(ViewChoices.filterIndex(AssetFilter([.gif])), "not offered: the toolbar adds it as Custom")
    }
}
