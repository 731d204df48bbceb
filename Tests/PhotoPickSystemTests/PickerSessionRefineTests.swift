import Foundation
import PhotoPickCore
import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest

/// The session fed by the window's two-pass scan: what the listing showed by name is
/// corrected by the verifying pass, without reloading thumbnails, and without redrawing
/// the grid when nothing that places an asset changed.
final class PickerSessionRefineTests: SampleLibraryTestCase {
    final class ChangeLog { var changes: [PickerSession.Change] = [] }

    /// A session after both passes over the sample library; the changes of the second pass,
    /// and the names the listing showed, in order.
    private func refinedSession(_ configure: (inout PickerConfiguration) -> Void = { _ in },
                                reader: (any MetadataReader)? = nil, batchSize: Int = 256) -> (PickerSession, ChangeLog, [String]) {
        var configuration = PickerConfiguration(roots: [RawPath(sample.root)])
        configure(&configuration)
        let session = PickerSession(configuration: configuration)
        let log = ChangeLog()
        var listedShown: [String] = []
        var refinements: [ScanRefinement] = []
        let scanner = FileSystemScanner(roots: configuration.roots, sniffer: GIOContentTypeSniffer(), metadataReader: reader)
        scanner.scanInTwoPasses(batchSize: batchSize, verifyingThreads: 1, onListed: { session.addScanned($0) },
                                onListingFinished: { listedShown = session.shownAssets.compactMap { session.asset($0)?.name } },
                                onRefined: { refinements.append($0) })
        session.onChange = { log.changes.append($0) }
        for r in refinements { session.refineScanned(r) }
        return (session, log, listedShown)
    }

    private func names(_ session: PickerSession, _ ids: [AssetID]) -> [String] { ids.compactMap { session.asset($0)?.name } }

    func testTheTextFileNamedJPEGGoesAndTheRestStays() {
        let (session, log, listed) = refinedSession()
        XCTAssertTrue(listed.contains("notes.jpg"), "listed by its name at first")
        XCTAssertEqual(Set(session.shownAssets.compactMap { session.asset($0)?.path.description }), Set(sample.newestFirst))
        XCTAssertTrue(log.changes.contains { if case .assets = $0 { return true } else { return false } })
        XCTAssertFalse(log.changes.contains { if case .content = $0 { return true } else { return false } },
                       "no file changed on disk: no thumbnail is reloaded")
    }

    func testAPickOfAFileThatIsNotMediaLeavesTheSelection() throws {
        var configuration = PickerConfiguration(roots: [RawPath(sample.root)])
        configuration.preselect = [RawPath(sample.root + "/notes.jpg"), RawPath(sample.newestFirst[0])]
        let session = PickerSession(configuration: configuration)
        var refinements: [ScanRefinement] = []
        FileSystemScanner(roots: configuration.roots, sniffer: GIOContentTypeSniffer())
            .scanInTwoPasses(onListed: { session.addScanned($0) }, onRefined: { refinements.append($0) })
        XCTAssertEqual(session.selection.count, 2, "preselected while listed by name")
        for r in refinements { session.refineScanned(r) }
        XCTAssertEqual(names(session, session.selection.ordered), ["beach.jpg"])
    }

    func testAFileTheWatcherRemovedMeanwhileStaysRemoved() throws {
        let session = PickerSession(configuration: PickerConfiguration(roots: [RawPath(sample.root)]))
        var refinements: [ScanRefinement] = []
        FileSystemScanner(roots: [RawPath(sample.root)], sniffer: GIOContentTypeSniffer())
            .scanInTwoPasses(onListed: { session.addScanned($0) }, onRefined: { refinements.append($0) })
        let beach = RawPath(sample.root + "/beach.jpg")
        XCTAssertTrue(refinements.contains { $0.updated.contains { $0.path == beach } })
        session.apply(LibraryChangeSet(deleted: [beach]))  // the watcher saw it go before the pass reported
        for r in refinements { session.refineScanned(r) }
        XCTAssertFalse(session.shownAssets.contains { session.asset($0)?.path == beach }, "not brought back")
        let store = LibrarySnapshotStore(files: [])
        for r in refinements { store.refine(r) }
        XCTAssertNil(store.snapshot()[beach.parent]?[beach], "nor into the watcher's snapshot")
    }

    func testDetailsAloneDoNotRedrawTheGrid() throws {
        // The listing's guess (type by name, date = mtime) is right for these files; the camera is new.
        let (session, log, _) = refinedSession(reader: CameraOnlyReader(), batchSize: 1)  // one refinement a file
        let notes = log.changes.filter { if case .assets = $0 { return true } else { return false } }
        XCTAssertEqual(notes.count, 1, "only the refinement that drops notes.jpg changes what is shown")
        XCTAssertTrue(session.shownAssets.allSatisfy { session.asset($0)?.metadata.cameraModel == "Test Camera" },
                      "the details are in the library all the same")
        let detailed = Set(log.changes.flatMap { change -> [AssetID] in if case .details(let ids) = change { return ids } else { return [] } })
        XCTAssertEqual(detailed, Set(session.shownAssets), "the tiles that say more are told so, without a new layout")
    }

    func testADateFromTheFileMovesTheAsset() throws {
        let trip1 = sample.root + "/2024/Trip/trip-1.jpg"
        try ExifWriter.write(trip1, tags: [("Exif.Photo.DateTimeOriginal", "2030:01:01 10:00:00")])
        try ImageFactory.setModified(trip1, 1_700_000_000)  // the oldest by mtime, as before the edit
        let (session, _, listed) = refinedSession(reader: Exiv2MetadataReader())
        XCTAssertNotEqual(listed.first, "trip-1.jpg")
        XCTAssertEqual(names(session, session.shownAssets).first, "trip-1.jpg", "its EXIF date makes it the newest")
    }

    func testTheCallersRestrictionHoldsForTheRealType() throws {
        try ImageFactory.write(sample.root + "/png-named.jpg", width: 8, height: 8, format: .png)
        let (session, _, listed) = refinedSession { $0.restriction = AssetRestriction(mimeTypes: ["image/jpeg"]) }
        XCTAssertTrue(listed.contains("png-named.jpg"), "a JPEG by its name")
        XCTAssertFalse(names(session, session.shownAssets).contains("png-named.jpg"), "a PNG by its content: refused")
        XCTAssertFalse(names(session, session.shownAssets).contains { $0.hasSuffix(".png") })
    }
}

/// Reads only a camera name: the facts that place an asset stay as the listing guessed them.
private struct CameraOnlyReader: MetadataReader {
    func metadata(for path: RawPath, mimeType: String, modified: Double) -> AssetMetadata {
        var m = AssetMetadata()
        m.cameraModel = "Test Camera"
        return m
    }
}
