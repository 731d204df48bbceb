import PhotoPickCore
import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The chooser's hooks into the session: restriction, preselection, first album, named filter.
final class PickerSessionChooserTests: SampleLibraryTestCase {
    /// The changes a session reported, kept by reference as they keep coming.
    final class ChangeLog { var changes: [PickerSession.Change] = [] }

    private func session(_ configure: (inout PickerConfiguration) -> Void) -> (PickerSession, ChangeLog) {
        var configuration = PickerConfiguration(roots: [RawPath(sample.root)])
        configure(&configuration)
        let session = PickerSession(configuration: configuration)
        let log = ChangeLog()
        session.onChange = { log.changes.append($0) }
        let files = FileSystemScanner(roots: configuration.roots, sniffer: GIOContentTypeSniffer()).scanAll().files
        // Two batches, as a background scan delivers them.
        session.addScanned(Array(files.prefix(3)))
        session.addScanned(Array(files.dropFirst(3)))
        return (session, log)
    }

    private func names(_ session: PickerSession, _ ids: [AssetID]) -> [String] { ids.compactMap { session.asset($0)?.name } }

    func testRestrictionKeepsOtherFilesOutOfTheLibrary() {
        let (s, _) = session { $0.restriction = AssetRestriction(mimeTypes: ["image/png"]) }
        XCTAssertEqual(names(s, s.shownAssets), ["shot-2.png", "shot-1.png"])
        XCTAssertEqual(s.albums.first?.count, 2)
        let (patterned, _) = session { $0.restriction = AssetRestriction(patterns: ["TRIP-[12].*"]) }
        XCTAssertEqual(names(patterned, patterned.shownAssets), ["trip-2.jpg", "trip-1.jpg"])
    }

    func testPreselectionPicksInTheCallersOrderAcrossBatches() {
        let (s, changes) = session {
            $0.preselect = [RawPath(self.sample.root + "/Screenshots/shot-1.png"), RawPath(self.sample.root + "/beach.jpg"),
                            RawPath(self.sample.root + "/nope.jpg")]
        }
        XCTAssertEqual(Set(names(s, s.selection.ordered)), ["shot-1.png", "beach.jpg"])
        XCTAssertTrue(changes.changes.contains { if case .selection(let ids) = $0 { return !ids.isEmpty } else { return false } })
        XCTAssertTrue(s.canAccept)
        XCTAssertFalse(s.selection.canUndo, "preselection is not an undoable user action")
    }

    func testPreselectionMatchesTheFileWhateverPathNamesIt() throws {
        // The caller names two photos by paths the library does not list them under: a hard
        // link (the walk meets beach.jpg first, then its twin) and a symbolic link.
        let beach = sample.root + "/beach.jpg", trip = sample.root + "/2024/Trip/trip-2.jpg"
        XCTAssertEqual(link(beach, sample.root + "/2024/Trip/twin.jpg"), 0)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/outside-link.jpg", withDestinationPath: trip)
        let (s, _) = session {
            $0.preselect = [RawPath(self.sample.root + "/2024/Trip/twin.jpg"), RawPath(self.dir.path + "/outside-link.jpg"),
                            RawPath(self.sample.root + "/notes.jpg")]
        }
        XCTAssertFalse(names(s, s.shownAssets).contains("twin.jpg"), "one asset per file")
        XCTAssertEqual(names(s, s.selection.ordered), ["beach.jpg", "trip-2.jpg"], "in the caller's order")
        XCTAssertEqual(s.unmatchedPreselections, [RawPath(sample.root + "/notes.jpg")], "text named .jpg picks nothing")
    }

    func testPreselectionAppliesToFilesThatArriveAsChangesBeforeTheScanFinishes() {
        // An index-first open: the index's listing lacks beach.jpg, the reconcile brings it in
        // as a change. It is part of the first listing, so the caller's preselection holds;
        // once the scan has finished, a file that appears is not picked for the user.
        var configuration = PickerConfiguration(roots: [RawPath(sample.root)])
        configuration.preselect = [RawPath(sample.root + "/beach.jpg"), RawPath(sample.root + "/Screenshots/shot-1.png")]
        let s = PickerSession(configuration: configuration)
        let files = FileSystemScanner(roots: configuration.roots, sniffer: GIOContentTypeSniffer()).scanAll().files
        let beach = files.filter { $0.path.lastComponent == "beach.jpg" }, shot = files.filter { $0.path.lastComponent == "shot-1.png" }
        s.addScanned(files.filter { !["beach.jpg", "shot-1.png"].contains($0.path.lastComponent) })
        var reconcile = LibraryChangeSet()
        reconcile.inserted = beach
        s.apply(reconcile)
        XCTAssertEqual(names(s, s.selection.ordered), ["beach.jpg"])
        s.finishScan(problems: [])
        var later = LibraryChangeSet()
        later.inserted = shot
        s.apply(later)
        XCTAssertEqual(names(s, s.selection.ordered), ["beach.jpg"], "a file that appears after the scan is not preselected")
    }

    func testPreselectionRespectsTheMaximum() {
        let (s, _) = session {
            $0.maximum = 1
            $0.preselect = [RawPath(self.sample.root + "/beach.jpg"), RawPath(self.sample.root + "/2024/Trip/trip-1.jpg")]
        }
        XCTAssertEqual(s.selection.count, 1)
    }

    func testInitialAlbumOpensOnceItExists() {
        let (s, _) = session { $0.initialAlbum = "Screenshots" }
        XCTAssertEqual(s.currentAlbum, .folder(RawPath(sample.root + "/Screenshots")))
        XCTAssertEqual(names(s, s.shownAssets), ["shot-2.png", "shot-1.png"])
        // The user moving away is not undone by later batches.
        s.showAlbum(.allPhotos)
        s.addScanned([])
        XCTAssertEqual(s.currentAlbum, .allPhotos)
        let (unknown, _) = session { $0.initialAlbum = "No such album" }
        XCTAssertEqual(unknown.currentAlbum, .allPhotos)
        XCTAssertEqual(unknown.missingInitialAlbum, "No such album")
        XCTAssertNil(s.missingInitialAlbum)
    }

    func testNamedFilterNarrowsTheShownAssetsNotTheSelection() {
        let (s, changes) = session { _ in }
        let beach = s.shownAssets[0]
        s.toggle(beach)
        let before = changes.changes.count
        s.setNamedFilter(NamedFilter(name: "PNG", patterns: ["*.png"]))
        XCTAssertEqual(names(s, s.shownAssets), ["shot-2.png", "shot-1.png"])
        XCTAssertTrue(s.selection.contains(beach), "picks outside the filter stay picked")
        XCTAssertGreaterThan(changes.changes.count, before)
        s.setNamedFilter(NamedFilter(name: "Both", patterns: ["beach.*"], mimeTypes: ["image/png"]))
        XCTAssertEqual(names(s, s.shownAssets), ["beach.jpg", "shot-2.png", "shot-1.png"], "patterns OR MIME types")
        s.showAlbum(.folder(RawPath(sample.root + "/Screenshots")))
        XCTAssertEqual(names(s, s.shownAssets), ["shot-2.png", "shot-1.png"])
        s.setNamedFilter(nil)
        XCTAssertEqual(s.shownAssets.count, 2)
    }

    func testAlbumCountsFollowTheNamedFilterAndHiddenPicksAreStillReturned() {
        let (s, changes) = session { _ in }
        let beach = s.shownAssets[0]
        s.toggle(beach)
        XCTAssertEqual(s.albums.first { $0.id == .allPhotos }?.count, 7)
        let before = changes.changes.count
        s.setNamedFilter(NamedFilter(name: "PNG", patterns: ["*.png"]))
        XCTAssertTrue(changes.changes.dropFirst(before).contains { if case .albums = $0 { return true } else { return false } },
                      "the sidebar is told to redraw its counts")
        XCTAssertEqual(s.albums.first { $0.id == .allPhotos }?.count, 2)
        XCTAssertEqual(s.albums.map(\.title).filter { $0 == "2024/Trip" || $0 == "Trip" }, [], "an album with no PNG goes")
        XCTAssertEqual(s.albums.first { $0.id == .folder(RawPath(self.sample.root + "/Screenshots")) }?.count, 2)
        XCTAssertFalse(s.passesFilters(beach), "the pick is hidden by the filter in effect")
        XCTAssertEqual(s.result.map(\.name), ["beach.jpg"], "Done returns every pick, hidden or not")
        s.setNamedFilter(nil)
        XCTAssertEqual(s.albums.first { $0.id == .allPhotos }?.count, 7)
        XCTAssertTrue(s.passesFilters(beach))
    }

    func testChooserControlsDriveTheFilter() {
        var configuration = PickerConfiguration(roots: [])
        configuration.filters = [NamedFilter(name: "A", patterns: ["*.a"]), NamedFilter(name: "B", patterns: ["*.b"])]
        configuration.currentFilter = 1
        configuration.choices = [ChooserChoice(id: "c", label: "C")]
        let controls = ChooserControls(configuration: configuration)
        XCTAssertEqual(controls.activeFilter?.name, "B")
        var changed = 0
        controls.onFilterChange = { changed += 1 }
        controls.selectFilter(1)
        controls.selectFilter(7)
        XCTAssertEqual(changed, 0)
        controls.selectFilter(0)
        XCTAssertEqual(changed, 1)
        XCTAssertEqual(controls.activeFilter?.name, "A")
        controls.setChoice("c", to: "true")
        XCTAssertEqual(controls.choices.value(of: "c"), "true")
        XCTAssertNil(ChooserControls(configuration: PickerConfiguration(roots: [])).activeFilter)
    }
}
