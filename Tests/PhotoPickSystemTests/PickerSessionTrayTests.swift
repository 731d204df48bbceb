import PhotoPickCore
import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest

/// The tray's intents (unpick, reorder), per-album pick counts and rescanning.
final class PickerSessionTrayTests: SampleLibraryTestCase {
    private func scan(_ roots: [RawPath]) -> [DiscoveredFile] {
        FileSystemScanner(roots: roots, sniffer: GIOContentTypeSniffer()).scanAll().files
    }

    private func makeSession(maximum: Int? = nil) -> PickerSession {
        let configuration = PickerConfiguration(roots: [RawPath(sample.root)], maximum: maximum)
        let session = PickerSession(configuration: configuration)
        session.addScanned(scan(configuration.roots))
        return session
    }

    private func id(_ session: PickerSession, _ name: String) throws -> AssetID {
        try XCTUnwrap(session.library.assets(in: .allPhotos).first { $0.name == name }?.id, name)
    }

    private func names(_ session: PickerSession) -> [String] { session.result.map(\.name) }

    func testUnpickRemovesAndReportsIt() throws {
        let session = makeSession()
        let a = try id(session, "beach.jpg"), b = try id(session, "trip-1.jpg")
        session.toggle(a)
        session.toggle(b)
        var changes: [PickerSession.Change] = []
        session.onChange = { changes.append($0) }
        session.unpick(a)
        XCTAssertEqual(names(session), ["trip-1.jpg"])
        XCTAssertEqual(changes, [.selection([a, b])], "a left, b moved up a place")
        changes = []
        session.unpick(a)
        XCTAssertEqual(changes, [], "unpicking what is not picked changes nothing")
        session.undo()
        XCTAssertEqual(names(session), ["beach.jpg", "trip-1.jpg"])
    }

    func testDropSlotsReorderThePicks() throws {
        let session = makeSession()
        for name in ["beach.jpg", "trip-1.jpg", "trip-2.jpg"] { session.toggle(try id(session, name)) }
        // Drag the first after the last: the gap after item 2 is slot 3.
        session.movePicked(try id(session, "beach.jpg"), toSlot: 3)
        XCTAssertEqual(names(session), ["trip-1.jpg", "trip-2.jpg", "beach.jpg"])
        // Drag the last before the first.
        session.movePicked(try id(session, "beach.jpg"), toSlot: 0)
        XCTAssertEqual(names(session), ["beach.jpg", "trip-1.jpg", "trip-2.jpg"])
        // Dropping into its own gaps moves nothing.
        var changes: [PickerSession.Change] = []
        session.onChange = { changes.append($0) }
        session.movePicked(try id(session, "trip-1.jpg"), toSlot: 1)
        session.movePicked(try id(session, "trip-1.jpg"), toSlot: 2)
        XCTAssertEqual(changes, [])
        session.movePicked(try id(session, "trip-1.jpg"), toSlot: 3)
        XCTAssertEqual(names(session), ["beach.jpg", "trip-2.jpg", "trip-1.jpg"])
        XCTAssertEqual(session.result.map(\.name), names(session), "Done returns the tray's order")
        XCTAssertEqual(PickerSession.index(forSlot: 0, from: 2), 0)
        XCTAssertEqual(PickerSession.index(forSlot: 3, from: 0), 2)
    }

    func testPickedCountsPerAlbumAndSummary() throws {
        let session = makeSession(maximum: 5)
        XCTAssertEqual(session.pickedCounts(), [:])
        XCTAssertEqual(session.summary, "Nothing selected")
        for name in ["beach.jpg", "trip-1.jpg", "trip-2.jpg"] { session.toggle(try id(session, name)) }
        let trip = try XCTUnwrap(session.albums.first { $0.title == "2024/Trip" }?.id)
        let root = try XCTUnwrap(session.albums.first { $0.title == "Pictures" }?.id)
        XCTAssertEqual(session.pickedCounts(), [.allPhotos: 3, trip: 2, root: 1])
        let bytes = session.result.reduce(Int64(0)) { $0 + $1.sizeBytes }
        XCTAssertEqual(session.totals.bytes, bytes)
        XCTAssertEqual(session.summary, "3 of 5 selected · \(HumanFormat.bytes(bytes))")
    }

    func testRescanKeepsPicksByPathAndCanSwitchFolders() throws {
        let session = makeSession()
        session.toggle(try id(session, "trip-2.jpg"))
        session.toggle(try id(session, "beach.jpg"))
        session.showAlbum(try XCTUnwrap(session.albums.first { $0.title == "2024/Trip" }?.id))
        session.finishScan(problems: [])
        var changes: [PickerSession.Change] = []
        session.onChange = { changes.append($0) }
        XCTAssertTrue(session.rescan())
        XCTAssertEqual(session.library.count, 0)
        XCTAssertTrue(session.selection.isEmpty)
        XCTAssertFalse(session.scanFinished)
        XCTAssertEqual(session.currentAlbum, .allPhotos)
        XCTAssertEqual(changes.first, .albums)
        XCTAssertTrue(changes.contains(.assets))
        // The new scan brings the files back, picked again in the old order.
        session.addScanned(scan(session.roots))
        XCTAssertEqual(names(session), ["trip-2.jpg", "beach.jpg"])

        // Another folder: the old picks are not there, so nothing is picked.
        let other = dir.path + "/Other"
        try ImageFactory.write(other + "/new.jpg", width: 40, height: 30, format: .jpeg)
        XCTAssertTrue(session.rescan(roots: [RawPath(other)]))
        XCTAssertEqual(session.roots, [RawPath(other)])
        session.addScanned(scan(session.roots))
        session.finishScan(problems: [])
        XCTAssertEqual(session.shownAssets.compactMap { session.asset($0)?.name }, ["new.jpg"])
        XCTAssertEqual(names(session), [])
    }
}
