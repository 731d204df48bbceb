import PhotoPickCore
import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest

final class PickerSessionTests: SampleLibraryTestCase {
    override func tearDown() {
        sample = nil
        dir = nil
    }

    private func makeSession(acceptLabel: String = "Add") -> PickerSession {
        let configuration = PickerConfiguration(roots: [RawPath(sample.root)], acceptLabel: acceptLabel)
        let session = PickerSession(configuration: configuration)
        let files = FileSystemScanner(roots: configuration.roots, sniffer: GIOContentTypeSniffer()).scanAll().files
        session.addScanned(files)
        return session
    }

    private func id(_ session: PickerSession, _ name: String) throws -> AssetID {
        try XCTUnwrap(session.library.assets(in: .allPhotos).first { $0.name == name }?.id, name)
    }

    func testStartsOnAllPhotosNewestFirst() {
        let session = makeSession()
        XCTAssertEqual(session.currentAlbum, .allPhotos)
        XCTAssertEqual(session.shownAssets.compactMap { session.library.asset($0)?.path.description }, sample.newestFirst)
        XCTAssertEqual(session.albums.map(\.title), ["All Photos", "Pictures", "2024/Trip", "Screenshots"])
        XCTAssertFalse(session.scanFinished)
    }

    func testAcceptTitleAndCanAccept() throws {
        let session = makeSession()
        XCTAssertEqual(session.acceptTitle, "Add")
        XCTAssertFalse(session.canAccept)
        session.toggle(try id(session, "beach.jpg"))
        XCTAssertEqual(session.acceptTitle, "Add 1")
        XCTAssertTrue(session.canAccept)
        session.toggle(try id(session, "shot-1.png"))
        XCTAssertEqual(session.acceptTitle, "Add 2")
        session.toggle(try id(session, "beach.jpg"))
        session.toggle(try id(session, "shot-1.png"))
        XCTAssertEqual(session.acceptTitle, "Add")
        XCTAssertFalse(session.canAccept)

        let custom = makeSession(acceptLabel: "Attach")
        custom.toggle(try id(custom, "trip-1.jpg"))
        XCTAssertEqual(custom.acceptTitle, "Attach 1")
    }

    func testResultIsInPickOrderWithRepickedLast() throws {
        let session = makeSession()
        let names = ["trip-2.jpg", "beach.jpg", "shot-1.png"]
        for name in names { session.toggle(try id(session, name)) }
        XCTAssertEqual(session.result.map(\.name), names)
        session.toggle(try id(session, "trip-2.jpg"))
        XCTAssertEqual(session.result.map(\.name), ["beach.jpg", "shot-1.png"])
        session.toggle(try id(session, "trip-2.jpg"))
        XCTAssertEqual(session.result.map(\.name), ["beach.jpg", "shot-1.png", "trip-2.jpg"])
        XCTAssertEqual(session.result.first?.path, RawPath(sample.root + "/beach.jpg"))
    }

    func testSelectionSurvivesAlbumSwitches() throws {
        let session = makeSession()
        let trip = try XCTUnwrap(session.library.album(named: "2024/Trip"))
        let shots = try XCTUnwrap(session.library.album(named: "Screenshots"))

        session.showAlbum(trip.id)
        XCTAssertEqual(session.shownAssets, trip.assetIDs)
        session.toggle(trip.assetIDs[0])
        session.showAlbum(shots.id)
        XCTAssertEqual(session.shownAssets, shots.assetIDs)
        session.toggle(shots.assetIDs[1])
        session.showAlbum(.allPhotos)
        XCTAssertEqual(session.selection.ordered, [trip.assetIDs[0], shots.assetIDs[1]])
        XCTAssertEqual(session.acceptTitle, "Add 2")
        XCTAssertEqual(session.result.map(\.name), ["trip-4.jpg", "shot-1.png"])
    }

    func testChangesAreReported() throws {
        let configuration = PickerConfiguration(roots: [RawPath(sample.root)])
        let session = PickerSession(configuration: configuration)
        var events: [PickerSession.Change] = []
        session.onChange = { events.append($0) }

        let files = FileSystemScanner(roots: configuration.roots, sniffer: GIOContentTypeSniffer()).scanAll().files
        session.addScanned(files)
        XCTAssertEqual(events, [.albums, .assets])

        events.removeAll()
        session.addScanned(files)
        XCTAssertEqual(events, [], "nothing new, nothing to redraw")

        events.removeAll()
        let beach = try id(session, "beach.jpg")
        session.toggle(beach)
        session.toggle(beach)
        XCTAssertEqual(events, [.selection([beach]), .selection([beach])])

        events.removeAll()
        let trip = try XCTUnwrap(session.library.album(named: "2024/Trip"))
        session.showAlbum(trip.id)
        XCTAssertEqual(events, [.album, .assets])
        XCTAssertEqual(session.currentAlbum, trip.id)

        events.removeAll()
        session.showAlbum(trip.id)
        XCTAssertEqual(events, [], "showing the shown album changes nothing")

        events.removeAll()
        session.finishScan(problems: [ScanProblem(path: RawPath("/x"), code: 13, reason: "Permission denied")])
        XCTAssertEqual(events, [.albums])
        XCTAssertTrue(session.scanFinished)
        XCTAssertEqual(session.library.problems.count, 1)
    }

    func testShowingAnUnknownAlbumDoesNothing() throws {
        let session = makeSession()
        var events: [PickerSession.Change] = []
        session.onChange = { events.append($0) }
        session.showAlbum(.folder(RawPath(sample.root + "/nowhere")))
        session.showAlbum(.folder(RawPath(sample.root + "/.hidden")))
        XCTAssertEqual(session.currentAlbum, .allPhotos)
        XCTAssertEqual(session.shownAssets.count, 7)
        XCTAssertEqual(events, [])
    }

    func testTogglingAnUnknownAssetDoesNothing() {
        let session = makeSession()
        var events: [PickerSession.Change] = []
        session.onChange = { events.append($0) }
        session.toggle(AssetID(9999))
        XCTAssertTrue(session.selection.isEmpty)
        XCTAssertEqual(events, [])
    }
}
