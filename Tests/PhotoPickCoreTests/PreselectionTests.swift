@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// The caller's preselected files by themselves, picked as batches bring them (by identity,
/// and through the session: PickerSessionChooserTests, RescanPreselectionTests).
final class PreselectionTests: XCTestCase {
    private func asset(_ id: Int, _ name: String) -> Asset { Fixture.asset(id, name, at: Fixture.seconds(2024, 1, id)) }
    private func path(_ name: String) -> RawPath { RawPath(Fixture.root + "/" + name) }
    private func ids(_ raw: [UInt32]) -> [AssetID] { raw.map(AssetID.init) }
    private let noIdentity: (AssetID) -> FileIdentity? = { _ in nil }

    func testFilesArePickedInTheCallersOrderAcrossBatches() {
        var preselection = Preselection([path("c.jpg"), path("a.jpg"), path("b.jpg")])
        var selection = Selection()
        selection.toggle(AssetID(9))  // the user's own pick, before any arrived
        XCTAssertEqual(preselection.pick([asset(1, "a.jpg"), asset(4, "other.jpg")], identity: noIdentity, in: &selection), 1)
        XCTAssertEqual(preselection.pick([asset(3, "c.jpg")], identity: noIdentity, in: &selection), 1,
                       "before the pick of a later place")
        XCTAssertEqual(selection.ordered, ids([9, 3, 1]))
        XCTAssertEqual(preselection.unmatched, [path("b.jpg")])
        XCTAssertEqual(preselection.pick([asset(2, "b.jpg")], identity: noIdentity, in: &selection), 3)
        XCTAssertEqual(selection.ordered, ids([9, 3, 1, 2]))
        XCTAssertEqual(preselection.unmatched, [])
    }

    func testAFileInOneBatchIsPickedInTheListsOrder() {
        var preselection = Preselection([path("b.jpg"), path("a.jpg")])
        var selection = Selection()
        _ = preselection.pick([asset(1, "a.jpg"), asset(2, "b.jpg")], identity: noIdentity, in: &selection)
        XCTAssertEqual(selection.ordered, ids([2, 1]))
    }

    func testAFilePickedAlreadyIsFoundButNotPickedAgain() {
        var preselection = Preselection([path("a.jpg")])
        var selection = Selection()
        selection.toggle(AssetID(1))
        XCTAssertNil(preselection.pick([asset(1, "a.jpg")], identity: noIdentity, in: &selection))
        XCTAssertEqual(selection.ordered, ids([1]))
        XCTAssertEqual(preselection.unmatched, [])
    }

    func testAnEmptyListPicksNothingAndAsksNoIdentity() {
        var preselection = Preselection([])
        var selection = Selection()
        XCTAssertTrue(preselection.isEmpty)
        XCTAssertNil(preselection.pick([asset(1, "a.jpg")], identity: { _ in XCTFail("asked"); return nil }, in: &selection))
        XCTAssertTrue(selection.isEmpty)
    }
}
