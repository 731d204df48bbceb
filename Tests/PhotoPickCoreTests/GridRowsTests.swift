import PhotoPickCore
import TestSupportCore
import XCTest

/// The grid's rows: headers and tile rows from groups and columns, and where focus moves.
final class GridRowsTests: XCTestCase {
    /// Groups of 5, 2 and 4 assets (flat 0–4, 5–6, 7–10), three columns, with headers:
    ///
    ///     0 header 0
    ///     1 [0 1 2]
    ///     2 [3 4]
    ///     3 header 1
    ///     4 [5 6]
    ///     5 header 2
    ///     6 [7 8 9]
    ///     7 [10]
    private let grouped = CollectionRows(groups: [0..<5, 5..<7, 7..<11], columns: 3, headers: true)

    func testRowsAreHeadersAndTilesPerGroup() {
        XCTAssertEqual(grouped.rows, [
            .header(group: 0), .tiles(group: 0, range: 0..<3), .tiles(group: 0, range: 3..<5),
            .header(group: 1), .tiles(group: 1, range: 5..<7),
            .header(group: 2), .tiles(group: 2, range: 7..<10), .tiles(group: 2, range: 10..<11),
        ])
        XCTAssertEqual(grouped.groupRows, [0, 3, 5])
        XCTAssertEqual((0..<11).map { grouped.row(ofFlatIndex: $0)! }, [1, 1, 1, 2, 2, 4, 4, 6, 6, 6, 7])
        XCTAssertNil(grouped.row(ofFlatIndex: 11))
    }

    func testWithoutGroupingThereAreNoHeaders() {
        let rows = CollectionRows(groups: [0..<7], columns: 4, headers: false)
        XCTAssertEqual(rows.rows, [.tiles(group: 0, range: 0..<4), .tiles(group: 0, range: 4..<7)])
        XCTAssertEqual(rows.index(from: 1, .down), 5)
        XCTAssertEqual(rows.index(from: 3, .down), 6, "a shorter last row: the last tile")
    }

    func testEmptyGroupsGetNoRows() {
        let rows = CollectionRows(groups: [0..<0, 0..<2, 2..<2, 2..<3], columns: 2, headers: true)
        XCTAssertEqual(rows.rows, [.header(group: 1), .tiles(group: 1, range: 0..<2), .header(group: 3), .tiles(group: 3, range: 2..<3)])
        XCTAssertEqual(rows.group(ofFlatIndex: 2), 3)
        XCTAssertEqual(rows.row(ofFlatIndex: 2), 3)
    }

    func testLeftAndRightFollowReadingOrderAcrossGroups() {
        XCTAssertEqual(grouped.index(from: 4, .right), 5)
        XCTAssertEqual(grouped.index(from: 5, .left), 4)
        XCTAssertEqual(grouped.index(from: 0, .left), 0)
        XCTAssertEqual(grouped.index(from: 10, .right), 10)
    }

    func testUpAndDownKeepTheColumnAndStepOverHeaders() {
        XCTAssertEqual(grouped.index(from: 1, .down), 4)
        XCTAssertEqual(grouped.index(from: 2, .down), 4, "the row below is shorter: its last tile")
        XCTAssertEqual(grouped.index(from: 4, .down), 6, "into the next group, same column")
        XCTAssertEqual(grouped.index(from: 6, .down), 8)
        XCTAssertEqual(grouped.index(from: 8, .down), 10)
        XCTAssertEqual(grouped.index(from: 10, .down), 10, "the last row stays")
        XCTAssertEqual(grouped.index(from: 9, .up), 6)
        XCTAssertEqual(grouped.index(from: 7, .up), 5)
        XCTAssertEqual(grouped.index(from: 5, .up), 3)
        XCTAssertEqual(grouped.index(from: 1, .up), 1, "the first row stays")
    }

    func testPagesHomeAndEnd() {
        XCTAssertEqual(grouped.index(from: 1, .pageDown(rows: 2)), 6)
        XCTAssertEqual(grouped.index(from: 1, .pageDown(rows: 10)), 10, "past the end: the last tile")
        XCTAssertEqual(grouped.index(from: 10, .pageUp(rows: 2)), 5)
        XCTAssertEqual(grouped.index(from: 2, .pageUp(rows: 2)), 0, "in the first row: the first tile")
        XCTAssertEqual(grouped.index(from: 6, .home), 0)
        XCTAssertEqual(grouped.index(from: 0, .end), 10)
    }

    func testFromACollection() {
        let assets = (1...5).map { Fixture.asset($0, "a/\($0).jpg", at: Fixture.seconds(2024, $0 <= 3 ? 1 : 2, $0)) }
        var configuration = PickerConfiguration(roots: [])
        configuration.grouping = .month
        let session = PickerSession(configuration: configuration, source: Fixture.source(assets))
        let rows = CollectionRows(session.collection, columns: 2)
        XCTAssertEqual(rows.rows, [.header(group: 0), .tiles(group: 0, range: 0..<2), .header(group: 1),
                                   .tiles(group: 1, range: 2..<4), .tiles(group: 1, range: 4..<5)])
        XCTAssertEqual(rows.assetCount, 5)
    }
}
