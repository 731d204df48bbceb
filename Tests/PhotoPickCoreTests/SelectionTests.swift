import PhotoPickCore
import XCTest

final class SelectionTests: XCTestCase {
    private let a = AssetID(10), b = AssetID(2), c = AssetID(7)

    func testStartsEmpty() {
        let selection = Selection()
        XCTAssertTrue(selection.isEmpty)
        XCTAssertEqual(selection.count, 0)
        XCTAssertEqual(selection.ordered, [])
    }

    func testToggleKeepsPickOrderNotIdentifierOrder() {
        var selection = Selection()
        XCTAssertTrue(selection.toggle(a))
        XCTAssertTrue(selection.toggle(b))
        XCTAssertTrue(selection.toggle(c))
        XCTAssertEqual(selection.ordered, [a, b, c])
        XCTAssertEqual(selection.count, 3)
        XCTAssertTrue(selection.contains(b))
    }

    func testToggleAgainRemoves() {
        var selection = Selection()
        selection.toggle(a)
        selection.toggle(b)
        XCTAssertFalse(selection.toggle(a))
        XCTAssertFalse(selection.contains(a))
        XCTAssertEqual(selection.ordered, [b])
        XCTAssertFalse(selection.toggle(b))
        XCTAssertTrue(selection.isEmpty)
    }

    func testRepickedGoesLast() {
        var selection = Selection()
        for id in [a, b, c] { selection.toggle(id) }
        selection.toggle(a)
        selection.toggle(a)
        XCTAssertEqual(selection.ordered, [b, c, a])
        selection.toggle(c)
        XCTAssertEqual(selection.ordered, [b, a], "the others keep their relative order")
        selection.toggle(c)
        XCTAssertEqual(selection.ordered, [b, a, c])
    }

    func testInsertAndRemove() {
        var selection = Selection()
        selection.insert(a)
        selection.insert(b)
        selection.insert(a)
        XCTAssertEqual(selection.ordered, [a, b], "inserting a picked asset keeps its place")
        selection.remove(a)
        selection.remove(c)
        XCTAssertEqual(selection.ordered, [b])
        selection.insert(a)
        XCTAssertEqual(selection.ordered, [b, a])
        selection.removeAll()
        XCTAssertTrue(selection.isEmpty)
        selection.insert(c)
        XCTAssertEqual(selection.ordered, [c])
    }

    func testManyPicksStayInOrder() {
        var selection = Selection()
        let ids = (0..<500).map { AssetID(UInt32(($0 * 7919) % 1000)) }
        for id in ids { selection.toggle(id) }
        XCTAssertEqual(selection.ordered, ids)
    }
}
