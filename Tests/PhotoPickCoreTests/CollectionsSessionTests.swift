import PhotoPickCore
import TestSupportCore
import XCTest

/// The session's collection intents over an in-memory source.
final class CollectionsSessionTests: XCTestCase {
    private func s(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 12, _ mi: Int = 0, offset: Int = 0) -> Double {
        Fixture.seconds(y, mo, d, h, mi, offset: offset)
    }

    /// Eight assets over two months: 1–4 in January (4 a video), 5–8 in March (8 a PNG).
    private func makeSession(maximum: Int? = nil) -> (PickerSession, [PickerSession.Change]) {
        var assets: [Asset] = []
        for i in 1...8 {
            let mime = i == 4 ? "video/mp4" : i == 8 ? "image/png" : "image/jpeg"
            let folder = i <= 4 ? "January" : "March"
            assets.append(Fixture.asset(i, "\(folder)/\(i).x", at: s(2024, i <= 4 ? 1 : 3, i), mime: mime))
        }
        let source = Fixture.source(assets)
        let session = PickerSession(configuration: PickerConfiguration(roots: [RawPath(Fixture.root)], maximum: maximum),
                                    source: source)
        return (session, [])
    }

    private func raw(_ ids: [AssetID]) -> [UInt32] { ids.map(\.rawValue) }

    func testStartsFromTheConfigurationAndShowsTheCollection() {
        var configuration = PickerConfiguration(roots: [])
        configuration.grouping = .month
        configuration.sort = .dateAscending
        configuration.filter = AssetFilter([.photo])
        let source = Fixture.source((1...3).map { Fixture.asset($0, "a/\($0).jpg", at: s(2024, $0, 1)) })
        let session = PickerSession(configuration: configuration, source: source)
        XCTAssertEqual(session.grouping, .month)
        XCTAssertEqual(session.collection.groups.map(\.title), ["January 2024", "February 2024", "March 2024"])
        XCTAssertEqual(raw(session.shownAssets), [1, 2, 3])
        XCTAssertEqual(session.shownAssets, session.collection.assetIDs)
    }

    func testOptionChangesReshowAndReport() {
        let (session, _) = makeSession()
        var events: [PickerSession.Change] = []
        session.onChange = { events.append($0) }
        XCTAssertEqual(raw(session.shownAssets), [8, 7, 6, 5, 4, 3, 2, 1])

        session.setGrouping(.month)
        XCTAssertEqual(session.collection.groups.map(\.title), ["March 2024", "January 2024"])
        session.setSort(.dateAscending)
        XCTAssertEqual(raw(session.shownAssets), [1, 2, 3, 4, 5, 6, 7, 8])
        session.setSort(.dateAscending)
        session.setGrouping(.month)
        XCTAssertEqual(events, [.assets, .assets], "setting the same value again reports nothing")

        events.removeAll()
        session.setFilter(AssetFilter([.video]))
        XCTAssertEqual(raw(session.shownAssets), [4])
        XCTAssertEqual(events, [.albums, .assets])
        XCTAssertEqual(session.albums.map(\.title), ["All Photos", "Videos", "January"], "albums narrow too")
    }

    func testAnAlbumTheFilterEmptiesFallsBackToAllPhotos() throws {
        let (session, _) = makeSession()
        let march = try XCTUnwrap(session.albums.first { $0.title == "March" })
        session.showAlbum(march.id)
        var events: [PickerSession.Change] = []
        session.onChange = { events.append($0) }
        session.setFilter(AssetFilter([.video]))
        XCTAssertEqual(session.currentAlbum, .allPhotos)
        XCTAssertEqual(events, [.albums, .album, .assets])
        session.showAlbum(march.id)
        XCTAssertEqual(session.currentAlbum, .allPhotos, "a filtered-out album cannot be shown")
    }

    func testSelectGroupPicksThenUnpicksTheGroup() {
        let (session, _) = makeSession()
        session.setGrouping(.month)
        var events: [PickerSession.Change] = []
        session.onChange = { events.append($0) }
        session.toggle(AssetID(6))
        session.selectGroup(0)  // March: 8, 7, 6, 5; 6 already picked
        XCTAssertEqual(raw(session.selection.ordered), [6, 8, 7, 5])
        XCTAssertEqual(events.last, .selection([AssetID(8), AssetID(7), AssetID(5)]))
        session.selectGroup(0)
        XCTAssertTrue(session.selection.isEmpty, "a fully picked group unpicks")
        events.removeAll()
        session.selectGroup(7)
        XCTAssertEqual(events, [], "no such group")
    }

    func testSelectAllClearUndoRedo() {
        let (session, _) = makeSession()
        session.setFilter(AssetFilter([.jpeg]))
        session.selectAll()
        XCTAssertEqual(raw(session.selection.ordered), [7, 6, 5, 3, 2, 1], "shown order, only what is shown")
        session.setFilter(.all)
        session.selectAll()
        XCTAssertEqual(raw(session.selection.ordered), [7, 6, 5, 3, 2, 1, 8, 4], "the rest of what is shown, in shown order")
        session.undo()
        XCTAssertEqual(raw(session.selection.ordered), [7, 6, 5, 3, 2, 1])
        session.redo()
        XCTAssertEqual(raw(session.selection.ordered), [7, 6, 5, 3, 2, 1, 8, 4])
        session.clearSelection()
        XCTAssertTrue(session.selection.isEmpty)
        XCTAssertTrue(session.selection.canUndo)
        session.undo()
        XCTAssertEqual(raw(session.selection.ordered), [7, 6, 5, 3, 2, 1, 8, 4])
    }

    func testSelectAllStopsAtTheMaximum() {
        let (session, _) = makeSession(maximum: 3)
        session.selectAll()
        XCTAssertEqual(raw(session.selection.ordered), [8, 7, 6])
        XCTAssertEqual(session.acceptTitle, "Add 3")
    }

    func testShiftClickExtendsInShownOrder() {
        let (session, _) = makeSession()
        session.setSort(.dateAscending)
        var events: [PickerSession.Change] = []
        session.onChange = { events.append($0) }
        session.toggle(AssetID(2))
        session.extendSelection(to: AssetID(5))
        XCTAssertEqual(raw(session.selection.ordered), [2, 3, 4, 5])
        XCTAssertEqual(events.last, .selection([AssetID(3), AssetID(4), AssetID(5)]))
        // Backwards from the new anchor (5) to 1, in the shown order reversed.
        session.extendSelection(to: AssetID(1))
        XCTAssertEqual(raw(session.selection.ordered), [2, 3, 4, 5, 1])
        events.removeAll()
        session.extendSelection(to: AssetID(99))
        XCTAssertEqual(events, [], "unknown assets change nothing")
    }

    func testUndoReportsTheAssetsItChanged() {
        let (session, _) = makeSession()
        var events: [PickerSession.Change] = []
        session.toggle(AssetID(3))
        session.onChange = { events.append($0) }
        session.undo()
        XCTAssertEqual(events, [.selection([AssetID(3)])])
        session.undo()
        XCTAssertEqual(events.count, 1, "nothing left to undo, nothing reported")
    }

    func testResultAndAcceptStillWorkOverAFixture() {
        let (session, _) = makeSession()
        session.toggle(AssetID(2))
        session.toggle(AssetID(8))
        XCTAssertEqual(session.result.map(\.name), ["2.x", "8.x"])
        XCTAssertTrue(session.canAccept)
    }
}
