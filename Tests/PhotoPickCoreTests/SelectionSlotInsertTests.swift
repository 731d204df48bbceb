import PhotoPickCore
import XCTest

/// `Selection.insert(_:)`: picks placed before given places in pick order (preselected files
/// arriving out of the caller's order), against the same picks made one by one into a plain array.
final class SelectionSlotInsertTests: XCTestCase {
    private func ids(_ raw: [UInt32]) -> [AssetID] { raw.map(AssetID.init) }

    func testPicksLandBeforeTheirSlotsInTheGivenOrder() {
        var selection = Selection()
        selection.insert(ids([1, 2, 3]).map { ($0, 0) })
        let first = selection.insert([(AssetID(7), 3), (AssetID(4), 0), (AssetID(5), 1), (AssetID(6), 1), (AssetID(2), 0)])
        XCTAssertEqual(first, 0)
        XCTAssertEqual(selection.ordered, ids([4, 1, 5, 6, 2, 3, 7]), "2 was picked already")
        for (i, id) in selection.ordered.enumerated() { XCTAssertEqual(selection.index(of: id), i) }
        XCTAssertFalse(selection.canUndo, "not an undo step")
        XCTAssertNil(selection.insert([(AssetID(1), 0)]), "nothing new")
    }

    func testAppendingReportsTheEndAndTheMaximumTakesEarlierOnesFirst() {
        var selection = Selection(maximum: 4)
        selection.insert(ids([1, 2]).map { ($0, 0) })
        XCTAssertEqual(selection.insert([(AssetID(3), 9), (AssetID(4), 0), (AssetID(5), 0)]), 0)
        XCTAssertEqual(selection.ordered, ids([4, 1, 2, 3]), "full at four: 5 is refused, 3 (slot past the end) appended")
        var open = Selection()
        open.insert([(AssetID(1), 0)])
        XCTAssertEqual(open.insert([(AssetID(2), 1), (AssetID(3), 1)]), 1)
        XCTAssertEqual(open.ordered, ids([1, 2, 3]))
    }

    func testManyRandomInsertsMatchAPlainArray() {
        var random = SplitMix(state: 11)
        var selection = Selection()
        var expected: [AssetID] = []
        var next: UInt32 = 1
        for _ in 0..<200 {
            var picks: [(id: AssetID, slot: Int)] = []
            for _ in 0..<Int(random.next() % 5) {
                picks.append((AssetID(next), Int(random.next() % UInt64(expected.count + 2))))
                next += 1
            }
            // The same picks one by one, each before what stood at its slot before the call.
            let before = expected
            var model = before.map { [$0] }
            var tail: [AssetID] = []
            for pick in picks {
                let slot = min(pick.slot, before.count)
                if slot == before.count { tail.append(pick.id) } else { model[slot].insert(pick.id, at: model[slot].count - 1) }
            }
            expected = model.flatMap { $0 } + tail
            selection.insert(picks)
            XCTAssertEqual(selection.ordered, expected)
        }
        for (i, id) in selection.ordered.enumerated() { XCTAssertEqual(selection.index(of: id), i) }
    }
}
