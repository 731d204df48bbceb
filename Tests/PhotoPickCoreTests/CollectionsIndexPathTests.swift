import PhotoPickCore
import TestSupportCore
import XCTest

final class CollectionsIndexPathTests: XCTestCase {
    /// Days 1, 1, 1, 2, 4, 4 (newest first: 4, 4, 2, 1, 1, 1) → groups of 2, 1, 3.
    private func collection() -> AssetCollection {
        let days = [1, 1, 1, 2, 4, 4]
        let assets = days.enumerated().map { i, d in
            Fixture.asset(i + 1, "d/\(i).jpg", at: Fixture.seconds(2024, 7, d, 8 + i))
        }
        return Fixture.source(assets).collection(of: .allPhotos, grouping: .day)
    }

    func testGroupsPartitionTheFlatList() {
        let c = collection()
        XCTAssertEqual(c.groups.map(\.count), [2, 1, 3])
        XCTAssertEqual(c.groups.map(\.range), [0..<2, 2..<3, 3..<6])
        XCTAssertEqual(c.groups.flatMap(\.assetIDs), c.assetIDs)
        XCTAssertEqual(c.groups[0].assetIDs.map(\.rawValue), [6, 5])
        XCTAssertEqual(c.groups.map(\.title), ["Thursday, 4 July 2024", "Tuesday, 2 July 2024", "Monday, 1 July 2024"])
    }

    func testWithoutGroupingOneGroupHoldsAll() {
        let assets = (1...3).map { Fixture.asset($0, "n/\($0).jpg", at: Fixture.seconds(2024, 1, $0)) }
        let c = Fixture.source(assets).collection(of: .allPhotos)
        XCTAssertEqual(c.groups.count, 1)
        XCTAssertEqual(c.groups[0].title, "")
        XCTAssertEqual(c.groups[0].range, 0..<3)
    }
}
