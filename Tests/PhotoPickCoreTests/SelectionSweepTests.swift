@testable import PhotoPickCore
import XCTest

/// A sweep by itself, over a shown order it is given: each step starts again from the picks
/// as they were before the sweep (the session's sweeps: GridSelectingTests).
final class SelectionSweepTests: XCTestCase {
    private func ids(_ raw: [UInt32]) -> [AssetID] { raw.map(AssetID.init) }
    private let shown = (1...8).map { AssetID(UInt32($0)) }

    private func picked(_ raw: [UInt32], maximum: Int? = nil) -> Selection {
        var selection = Selection(maximum: maximum)
        for id in raw { selection.toggle(AssetID(id)) }
        return selection
    }

    func testEachStepIsTheRunFromTheAnchorOverThePicksBefore() throws {
        var sweep = SelectionSweep(at: AssetID(3), picking: nil, over: picked([8]))
        XCTAssertTrue(sweep.picking, "from an unpicked asset the sweep picks")
        XCTAssertEqual(try XCTUnwrap(sweep.reach(AssetID(6), in: shown)).ordered, ids([8, 3, 4, 5, 6]))
        XCTAssertEqual(sweep.end, AssetID(6))
        XCTAssertEqual(try XCTUnwrap(sweep.reach(AssetID(4), in: shown)).ordered, ids([8, 3, 4]), "what the run left is given back")
        XCTAssertEqual(try XCTUnwrap(sweep.reach(AssetID(1), in: shown)).ordered, ids([8, 3, 2, 1]), "backwards, in the drag's order")
    }

    func testFromAPickedAnchorItUnpicksUnlessToldToPick() throws {
        let before = picked([2, 3, 4, 7])
        var unpicking = SelectionSweep(at: AssetID(3), picking: nil, over: before)
        XCTAssertFalse(unpicking.picking)
        XCTAssertEqual(try XCTUnwrap(unpicking.reach(AssetID(5), in: shown)).ordered, ids([2, 7]))
        var picking = SelectionSweep(at: AssetID(3), picking: true, over: before)
        XCTAssertEqual(try XCTUnwrap(picking.reach(AssetID(5), in: shown)).ordered, ids([2, 3, 4, 7, 5]))
    }

    func testAStepOutsideTheShownOrderChangesNothing() {
        var sweep = SelectionSweep(at: AssetID(3), picking: nil, over: picked([]))
        _ = sweep.reach(AssetID(5), in: shown)
        XCTAssertNil(sweep.reach(AssetID(42), in: shown))
        XCTAssertEqual(sweep.end, AssetID(5), "the end stays where it reached")
        XCTAssertNil(sweep.reach(AssetID(4), in: ids([4, 5])), "nor without its anchor")
    }

    func testPickingOneFollowsTheEndAndAMaximumStopsTheRun() throws {
        var one = SelectionSweep(at: AssetID(2), picking: nil, over: picked([7], maximum: 1))
        XCTAssertEqual(try XCTUnwrap(one.reach(AssetID(5), in: shown)).ordered, ids([5]))
        var three = SelectionSweep(at: AssetID(1), picking: nil, over: picked([], maximum: 3))
        XCTAssertEqual(try XCTUnwrap(three.reach(AssetID(8), in: shown)).ordered, ids([1, 2, 3]))
    }

    func testTheWholeSweepIsOneUndoStep() throws {
        var sweep = SelectionSweep(at: AssetID(1), picking: nil, over: picked([6]))
        _ = sweep.reach(AssetID(3), in: shown)
        var last = try XCTUnwrap(sweep.reach(AssetID(4), in: shown))
        last.undo()
        XCTAssertEqual(last.ordered, ids([6]))
    }
}
