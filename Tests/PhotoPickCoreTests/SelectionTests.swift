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
        XCTAssertEqual(selection.toggle(a), .picked)
        XCTAssertEqual(selection.toggle(b), .picked)
        XCTAssertEqual(selection.toggle(c), .picked)
        XCTAssertEqual(selection.ordered, [a, b, c])
        XCTAssertEqual(selection.count, 3)
        XCTAssertTrue(selection.contains(b))
    }

    func testToggleAgainRemoves() {
        var selection = Selection()
        selection.toggle(a)
        selection.toggle(b)
        XCTAssertEqual(selection.toggle(a), .unpicked)
        XCTAssertFalse(selection.contains(a))
        XCTAssertEqual(selection.ordered, [b])
        XCTAssertEqual(selection.toggle(b), .unpicked)
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

    /// Preselection's insert (at the end: the slot after the last pick) and remove.
    func testInsertAndRemove() {
        var selection = Selection()
        func insert(_ id: AssetID) {
            let end = selection.count
            selection.insert([(id, end)])
        }
        insert(a)
        insert(b)
        insert(a)
        XCTAssertEqual(selection.ordered, [a, b], "inserting a picked asset keeps its place")
        selection.remove(a)
        selection.remove(c)
        XCTAssertEqual(selection.ordered, [b])
        insert(a)
        XCTAssertEqual(selection.ordered, [b, a])
        selection.removeAll()
        XCTAssertTrue(selection.isEmpty)
        insert(c)
        XCTAssertEqual(selection.ordered, [c])
    }

    func testManyPicksStayInOrder() {
        var selection = Selection()
        let ids = (0..<500).map { AssetID(UInt32(($0 * 7919) % 1000)) }
        for id in ids { selection.toggle(id) }
        XCTAssertEqual(selection.ordered, ids)
    }
}

final class SelectionLimitsAndBulkTests: XCTestCase {
    private func ids(_ n: Int) -> [AssetID] { (1...n).map { AssetID(UInt32($0)) } }

    func testMaximumRefusesFurtherPicks() {
        var s = Selection(maximum: 2)
        let x = ids(3)
        XCTAssertEqual(s.toggle(x[0]), .picked)
        XCTAssertEqual(s.toggle(x[1]), .picked)
        XCTAssertTrue(s.isFull)
        XCTAssertEqual(s.toggle(x[2]), .limitReached)
        XCTAssertEqual(s.ordered, [x[0], x[1]])
        XCTAssertEqual(s.toggle(x[0]), .unpicked, "unpicking is always allowed")
        XCTAssertEqual(s.toggle(x[2]), .picked)
    }

    func testPickingOneMovesThePickInsteadOfRefusing() {
        var s = Selection(maximum: 1)
        let x = ids(3)
        XCTAssertEqual(s.toggle(x[0]), .picked)
        XCTAssertFalse(s.isFull, "a single pick never refuses the next one")
        XCTAssertEqual(s.toggle(x[1]), .picked)
        XCTAssertEqual(s.ordered, [x[1]], "the pick moved")
        XCTAssertEqual(s.extend(to: x[2], in: x), [x[2]], "Shift+click picks that one, no range")
        XCTAssertEqual(s.ordered, [x[2]])
        s.undo()
        XCTAssertEqual(s.ordered, [x[1]], "each move is one undo step")
        XCTAssertEqual(s.toggle(x[1]), .unpicked)
        XCTAssertTrue(s.isEmpty)
        s.insert([(x[0], 0), (x[2], 0)])
        XCTAssertEqual(s.ordered, [x[0]], "preselection still keeps the first of several")
    }

    func testMinimumGatesAcceptance() {
        var s = Selection(minimum: 2)
        XCTAssertFalse(s.isAcceptable)
        s.toggle(AssetID(1))
        XCTAssertFalse(s.isAcceptable)
        s.toggle(AssetID(2))
        XCTAssertTrue(s.isAcceptable)
        XCTAssertFalse(Selection().isAcceptable, "an empty selection is never acceptable")
    }

    func testExtendPicksTheRangeFromTheAnchorInDisplayOrder() {
        var s = Selection()
        let shown = ids(6)
        s.toggle(shown[1])
        let picked = s.extend(to: shown[4], in: shown)
        XCTAssertEqual(picked, [shown[2], shown[3], shown[4]])
        XCTAssertEqual(s.ordered, [shown[1], shown[2], shown[3], shown[4]])
        // Backwards from the new anchor.
        s.extend(to: shown[0], in: shown)
        XCTAssertEqual(s.ordered.last, shown[0])
        XCTAssertEqual(s.count, 5)
    }

    func testExtendWithoutAnchorToggles() {
        var s = Selection()
        XCTAssertEqual(s.extend(to: AssetID(3), in: ids(5)), [AssetID(3)])
    }

    func testPickAllStopsAtTheMaximumInDisplayOrder() {
        var s = Selection(maximum: 3)
        s.toggle(AssetID(5))
        let picked = s.pickAll(ids(6))
        XCTAssertEqual(picked, [AssetID(1), AssetID(2)])
        XCTAssertEqual(s.ordered, [AssetID(5), AssetID(1), AssetID(2)])
    }

    func testUndoRedo() {
        var s = Selection()
        s.toggle(AssetID(1))
        s.toggle(AssetID(2))
        s.removeAll()
        XCTAssertTrue(s.isEmpty)
        s.undo()
        XCTAssertEqual(s.ordered, [AssetID(1), AssetID(2)])
        s.undo()
        XCTAssertEqual(s.ordered, [AssetID(1)])
        s.redo()
        XCTAssertEqual(s.ordered, [AssetID(1), AssetID(2)])
        s.toggle(AssetID(3))
        s.redo()
        XCTAssertEqual(s.ordered, [AssetID(1), AssetID(2), AssetID(3)], "a new action clears redo")
    }

    func testMoveReordersPickOrder() {
        var s = Selection()
        for id in ids(4) { s.toggle(id) }
        s.move(AssetID(4), to: 0)
        XCTAssertEqual(s.ordered, [AssetID(4), AssetID(1), AssetID(2), AssetID(3)])
        XCTAssertEqual(s.index(of: AssetID(2)), 2)
        s.move(AssetID(4), to: 10)
        XCTAssertEqual(s.ordered.last, AssetID(4))
    }

    func testRemoveMissingDropsFromSelectionAndHistory() {
        var s = Selection()
        for id in ids(3) { s.toggle(id) }
        let gone = s.removeMissing { $0 != AssetID(2) }
        XCTAssertEqual(gone, [AssetID(2)])
        XCTAssertEqual(s.ordered, [AssetID(1), AssetID(3)])
        s.undo()
        XCTAssertFalse(s.contains(AssetID(2)), "undo must not bring back a file that is gone")
    }

    func testTotals() {
        var s = Selection()
        let photo = Asset(id: AssetID(1), path: RawPath("/a.jpg"), mimeType: "image/jpeg", kind: .photo,
                          sizeBytes: 100, modified: 0, albumID: .allPhotos)
        let video = Asset(id: AssetID(2), path: RawPath("/b.mp4"), mimeType: "video/mp4", kind: .video,
                          sizeBytes: 1000, modified: 0, albumID: .allPhotos,
                          metadata: AssetMetadata(durationSeconds: 12.5))
        s.toggle(photo.id)
        s.toggle(video.id)
        let totals = s.totals { id in [photo, video].first { $0.id == id } }
        XCTAssertEqual(totals.count, 2)
        XCTAssertEqual(totals.bytes, 1100)
        XCTAssertEqual(totals.videos, 1)
        XCTAssertEqual(totals.videoSeconds, 12.5)
    }
}

/// The second click of a double-click (Selection.withdrawToggle).
final class SelectionWithdrawTests: XCTestCase {
    private let a = AssetID(10), b = AssetID(2), c = AssetID(7)

    /// A double-click's second click takes back the first click's toggle: the picks, their
    /// order, the redo history and the range anchor are as they were before the first click.
    func testWithdrawingAToggleLeavesNoTrace() {
        var s = Selection()
        s.toggle(a); s.toggle(b); s.toggle(c)
        s.undo()  // c unpicked; redo holds it
        let anchor = s.anchor
        s.toggle(a)  // the first click of a double-click on picked #1
        XCTAssertEqual(s.ordered, [b])
        XCTAssertTrue(s.withdrawToggle(of: a))
        XCTAssertEqual(s.ordered, [a, b], "the picks and their order as before")
        XCTAssertEqual(s.anchor, anchor)
        s.redo()
        XCTAssertEqual(s.ordered, [a, b, c], "the redo history survives a double-click")
    }

    /// Only the last change, when it was that toggle: never an older one.
    func testOnlyTheLastToggleIsWithdrawn() {
        var s = Selection()
        s.toggle(a)
        XCTAssertFalse(s.withdrawToggle(of: b), "b was not toggled")
        s.toggle(b)
        s.remove(b)  // another change since
        XCTAssertFalse(s.withdrawToggle(of: b))
        XCTAssertEqual(s.ordered, [a])
        var one = Selection(maximum: 1)
        one.toggle(a)
        one.toggle(b)  // picking one: b replaces a
        XCTAssertTrue(one.withdrawToggle(of: b))
        XCTAssertEqual(one.ordered, [a])
        var full = Selection(maximum: 1)
        full.toggle(a)
        XCTAssertEqual(full.withdrawToggle(of: a), true)
        XCTAssertEqual(full.ordered, [])
    }
}
