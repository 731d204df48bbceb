import PhotoPickCore
import TestSupportCore
import XCTest

/// The grid's picking intents in the session: sweeps (drag and Shift+arrows), the name
/// search, the limit messages and what a tile says.
final class GridSelectingTests: XCTestCase {
    /// Ten JPEGs, newest first in display order: 10, 9, … 1 (named IMG_01 … IMG_10, two PNGs).
    private func makeSession(maximum: Int? = nil, minimum: Int = 0) -> PickerSession {
        let assets = (1...10).map { i in
            Fixture.asset(i, "a/IMG_\(i < 10 ? "0" : "")\(i).\(i % 5 == 0 ? "png" : "jpg")", at: Fixture.seconds(2024, 1, i),
                          mime: i % 5 == 0 ? "image/png" : "image/jpeg")
        }
        return PickerSession(configuration: PickerConfiguration(roots: [], maximum: maximum, minimum: minimum),
                             source: Fixture.source(assets))
    }

    private func ids(_ raw: [UInt32]) -> [AssetID] { raw.map(AssetID.init) }

    func testSinglePickMovesAndReportsBothTiles() {
        let session = makeSession(maximum: 1)
        var changes: [PickerSession.Change] = []
        session.onChange = { changes.append($0) }
        session.toggle(AssetID(3))
        session.toggle(AssetID(7))
        XCTAssertEqual(session.selection.ordered, ids([7]), "--single: the pick moves to the new photo")
        XCTAssertEqual(changes.last, .selection(ids([3, 7])), "the tile that lost its pick is redrawn too")
        var sweep = session.beginSweep(at: AssetID(9))!
        session.continueSweep(&sweep, to: AssetID(5))
        XCTAssertEqual(session.selection.ordered, ids([5]), "a sweep moves the pick to where it ends")
    }

    func testASweepPicksTheRunAndGivesBackWhatItLeaves() {
        let session = makeSession()
        session.toggle(AssetID(2))
        var sweep = session.beginSweep(at: AssetID(9))!
        XCTAssertTrue(sweep.picking)
        session.continueSweep(&sweep, to: AssetID(6))
        XCTAssertEqual(session.selection.ordered, ids([2, 9, 8, 7, 6]))
        session.continueSweep(&sweep, to: AssetID(8))
        XCTAssertEqual(session.selection.ordered, ids([2, 9, 8]), "moving back unpicks what the run left")
        session.continueSweep(&sweep, to: AssetID(10))
        XCTAssertEqual(session.selection.ordered, ids([2, 9, 10]), "and the other way, in the drag's order")
        session.undo()
        XCTAssertEqual(session.selection.ordered, ids([2]), "the whole sweep is one undo step")
    }

    func testASweepFromAPickedTileUnpicks() {
        let session = makeSession()
        for id in [8, 7, 3] { session.toggle(AssetID(UInt32(id))) }
        var sweep = session.beginSweep(at: AssetID(8))!
        XCTAssertFalse(sweep.picking)
        session.continueSweep(&sweep, to: AssetID(5))
        XCTAssertEqual(session.selection.ordered, ids([3]))
    }

    func testASweepStopsAtTheMaximum() {
        let session = makeSession(maximum: 3)
        var sweep = session.beginSweep(at: AssetID(10))!
        session.continueSweep(&sweep, to: AssetID(1))
        XCTAssertEqual(session.selection.ordered, ids([10, 9, 8]))
        XCTAssertEqual(session.limitMessage, "You can pick up to 3")
    }

    func testAKeyboardSweepAlwaysPicks() {
        let session = makeSession()
        session.toggle(AssetID(10))
        var sweep = session.beginSweep(at: AssetID(10), picking: true)!
        session.continueSweep(&sweep, to: AssetID(8))
        XCTAssertEqual(session.selection.ordered, ids([10, 9, 8]))
    }

    func testSweepsReportWhatChanged() {
        let session = makeSession()
        var changes: [PickerSession.Change] = []
        session.onChange = { changes.append($0) }
        var sweep = session.beginSweep(at: AssetID(10))!
        session.continueSweep(&sweep, to: AssetID(9))
        session.continueSweep(&sweep, to: AssetID(9))
        session.continueSweep(&sweep, to: AssetID(10))
        XCTAssertEqual(changes, [.selection(ids([10])), .selection(ids([9])), .selection(ids([9]))])
    }

    func testSearchNarrowsTheShownAssetsByNameOrGlob() {
        let session = makeSession()
        var changes: [PickerSession.Change] = []
        session.onChange = { changes.append($0) }
        session.setSearch("img_0")
        XCTAssertEqual(session.shownAssets, ids([9, 8, 7, 6, 5, 4, 3, 2, 1]))
        session.setSearch("*.PNG")
        XCTAssertEqual(session.shownAssets, ids([10, 5]))
        session.setSearch(" *.png ")
        XCTAssertEqual(changes, [.assets, .assets], "the same search again changes nothing")
        session.setSearch("03")
        XCTAssertEqual(session.shownAssets, ids([3]))
        session.selectAll()
        session.setSearch("")
        XCTAssertEqual(session.shownAssets.count, 10)
        XCTAssertEqual(session.selection.ordered, ids([3]), "select all picks only what the search shows")
    }

    func testSearchKeepsGroupsThatStillHaveAssets() {
        var configuration = PickerConfiguration(roots: [])
        configuration.grouping = .month
        let assets = [Fixture.asset(1, "a/cat.jpg", at: Fixture.seconds(2024, 1, 1)),
                      Fixture.asset(2, "a/dog.jpg", at: Fixture.seconds(2024, 2, 1)),
                      Fixture.asset(3, "a/cat2.jpg", at: Fixture.seconds(2024, 3, 1))]
        let session = PickerSession(configuration: configuration, source: Fixture.source(assets))
        session.setSearch("CAT")
        XCTAssertEqual(session.collection.groups.map(\.title), ["March 2024", "January 2024"])
        XCTAssertEqual(session.collection.groups.map(\.range), [0..<1, 1..<2])
        XCTAssertEqual(session.collection.groups[1].assetIDs, ids([1]))
    }

    func testNameSearch() {
        XCTAssertTrue(NameSearch("").matches("anything"))
        XCTAssertTrue(NameSearch("Beach").matches("my-beach-2024.JPG"))
        XCTAssertFalse(NameSearch("beach").matches("bech.jpg"))
        XCTAssertTrue(NameSearch("IMG_*.jpg").matches("img_0001.JPG"))
        XCTAssertFalse(NameSearch("IMG_*.jpg").matches("x_IMG_0001.jpg"), "a glob matches the whole name")
        XCTAssertTrue(NameSearch("a\\b").matches("xa\\by"), "a backslash in a plain word is literal")
    }

    func testAcceptHint() {
        let session = makeSession(minimum: 2)
        XCTAssertEqual(session.acceptHint, "Pick at least 2 (0 picked)")
        session.toggle(AssetID(1))
        XCTAssertEqual(session.acceptHint, "Pick at least 2 (1 picked)")
        session.toggle(AssetID(2))
        XCTAssertNil(session.acceptHint)
        XCTAssertEqual(makeSession().acceptHint, "Pick a photo or video first")
        XCTAssertNil(makeSession().limitMessage)
        XCTAssertEqual(makeSession(maximum: 1).limitMessage, "You can pick only one")
    }

    func testTileDescription() {
        let photo = Fixture.asset(1, "a/IMG_1.jpg", at: Fixture.seconds(2024, 5, 1, 14, 3, offset: 7200), offset: 7200)
        XCTAssertEqual(TileDescription.accessibleName(photo, pickIndex: nil), "IMG_1.jpg, 1 May 2024, 14:03")
        XCTAssertEqual(TileDescription.accessibleName(photo, pickIndex: 2), "IMG_1.jpg, 1 May 2024, 14:03, selected, 3rd")
        // A pair's kind follows the date, before the pick.
        XCTAssertEqual(TileDescription.accessibleName(photo, pickIndex: 0, pair: .live), "IMG_1.jpg, 1 May 2024, 14:03, Live Photo, selected, 1st")
        XCTAssertEqual(TileDescription.accessibleName(photo, pickIndex: nil, pair: .raw), "IMG_1.jpg, 1 May 2024, 14:03, RAW and JPEG")
        XCTAssertEqual(TileDescription.accessibleName(photo, pickIndex: nil, pair: .motion), "IMG_1.jpg, 1 May 2024, 14:03, Motion Photo")
        XCTAssertEqual(PairKind.allCases.map(TileDescription.pairBadge), ["LIVE", "RAW", "MOTION"])
        var video = Fixture.asset(2, "a/clip.mp4", at: Fixture.seconds(2024, 5, 1), mime: "video/mp4")
        XCTAssertNil(TileDescription.durationBadge(video))
        XCTAssertEqual(TileDescription.accessibleName(video, pickIndex: 0), "clip.mp4, 1 May 2024, 12:00, video, selected, 1st")
        video.metadata.durationSeconds = 42
        XCTAssertEqual(TileDescription.durationBadge(video), "0:42")
        XCTAssertEqual(TileDescription.accessibleName(video, pickIndex: nil), "clip.mp4, 1 May 2024, 12:00, video 0:42")
        XCTAssertEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(TileDescription.ordinal),
                       ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th", "112th"])
    }
}
