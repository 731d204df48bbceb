import PhotoPickCore
import TestSupportCore
import XCTest

/// Try Again and Choose Folder… start the library over (`PickerSession.rescan`). The caller's
/// preselection is applied once, to the files it names: after a restart the user's picks
/// come back in their order, a preselected file the user unpicked stays unpicked, and a
/// preselected file that had not arrived yet (its folder could not be read) is still picked
/// when it does.
final class RescanPreselectionTests: XCTestCase {
    private let root = RawPath("/lib/Pictures")

    private func file(_ name: String, inode: UInt64) -> DiscoveredFile {
        DiscoveredFile(path: path(name), root: root, mimeType: "image/jpeg", kind: .photo,
                       sizeBytes: 1, modified: 1_700_000_000 + Double(inode), device: 1, inode: inode)
    }

    private func path(_ name: String) -> RawPath { RawPath(root.description + "/" + name) }

    private func picked(_ session: PickerSession) -> [RawPath] {
        session.selection.ordered.compactMap { session.asset($0)?.path }
    }

    func testTryAgainRestoresTheUsersPicksNotTheCallersPreselection() throws {
        let a = file("A/a.jpg", inode: 1), b = file("B/b.jpg", inode: 2), c = file("A/c.jpg", inode: 3)
        var configuration = PickerConfiguration(roots: [root])
        configuration.preselect = [a.path, b.path]
        let session = PickerSession(configuration: configuration)
        // B could not be read the first time: only A's files arrive.
        session.addScanned([a, c])
        session.finishScan(problems: [])
        XCTAssertEqual(picked(session), [a.path])
        XCTAssertEqual(session.unmatchedPreselections, [b.path])
        // The user unpicks the preselected photo and picks another.
        session.toggle(try XCTUnwrap(session.library.id(of: a.path)))
        session.toggle(try XCTUnwrap(session.library.id(of: c.path)))
        XCTAssertEqual(picked(session), [c.path])

        XCTAssertTrue(session.rescan())
        session.addScanned([a, b, c])
        session.finishScan(problems: [])
        XCTAssertEqual(picked(session), [c.path, b.path],
                       "the user's pick, then the preselected file that arrived only now; not the unpicked one")
        XCTAssertEqual(session.unmatchedPreselections, [])

        // Again, with everything found: the picks stay exactly as they are.
        XCTAssertTrue(session.rescan())
        session.addScanned([a, b, c])
        XCTAssertEqual(picked(session), [c.path, b.path])
    }

    func testChoosingAnotherFolderKeepsOnlyThePendingPreselection() throws {
        let a = file("A/a.jpg", inode: 1), elsewhere = file("Other/x.jpg", inode: 9)
        var configuration = PickerConfiguration(roots: [path("A")])
        configuration.preselect = [a.path, elsewhere.path]
        let session = PickerSession(configuration: configuration)
        session.addScanned([a])
        session.toggle(try XCTUnwrap(session.library.id(of: a.path)))  // unpicked
        XCTAssertEqual(picked(session), [])
        // Choose Folder…: the folder around both.
        XCTAssertTrue(session.rescan(roots: [root]))
        session.addScanned([a, elsewhere])
        XCTAssertEqual(picked(session), [elsewhere.path])
        XCTAssertEqual(session.unmatchedPreselections, [])
    }
}

/// After a restart the picks come back in the user's pick order, whatever order the new
/// listing delivers their files in (batches of other folders first); the caller's own
/// preselection keeps the caller's order across batches the same way.
final class RescanPickOrderTests: XCTestCase {
    private let root = RawPath("/lib/Pictures")

    private func file(_ name: String, inode: UInt64) -> DiscoveredFile {
        DiscoveredFile(path: RawPath(root.description + "/" + name), root: root, mimeType: "image/jpeg", kind: .photo,
                       sizeBytes: 1, modified: 1_700_000_000 + Double(inode), device: 1, inode: inode)
    }

    private func picked(_ session: PickerSession) -> [RawPath] {
        session.selection.ordered.compactMap { session.asset($0)?.path }
    }

    func testPicksComeBackInPickOrderAcrossBatches() throws {
        let a = file("A/a.jpg", inode: 1), b = file("B/b.jpg", inode: 2), c = file("C/c.jpg", inode: 3)
        let session = PickerSession(configuration: PickerConfiguration(roots: [root]))
        session.addScanned([a, b, c])
        for f in [c, a, b] { session.toggle(try XCTUnwrap(session.library.id(of: f.path))) }
        XCTAssertEqual(picked(session), [c.path, a.path, b.path])

        XCTAssertTrue(session.rescan())
        var changed: [AssetID] = []
        session.onChange = { if case .selection(let ids) = $0 { changed += ids } }
        session.addScanned([a])
        session.addScanned([b])
        XCTAssertEqual(picked(session), [a.path, b.path])
        changed = []
        session.addScanned([c])
        XCTAssertEqual(picked(session), [c.path, a.path, b.path], "the user's order, not the listing's")
        XCTAssertEqual(Set(changed), Set(session.selection.ordered), "every checkmark whose number changed is redrawn")
        XCTAssertEqual(session.selection.index(of: try XCTUnwrap(session.library.id(of: b.path))), 2)
    }

    func testAPickMadeDuringTheNewScanStaysAfterTheRestoredOnes() throws {
        let a = file("A/a.jpg", inode: 1), b = file("B/b.jpg", inode: 2), c = file("C/c.jpg", inode: 3)
        let x = file("X/x.jpg", inode: 4)
        let session = PickerSession(configuration: PickerConfiguration(roots: [root]))
        session.addScanned([a, b, c, x])
        for f in [c, a, b] { session.toggle(try XCTUnwrap(session.library.id(of: f.path))) }

        XCTAssertTrue(session.rescan())
        session.addScanned([b, x])
        session.toggle(try XCTUnwrap(session.library.id(of: x.path)))  // picked while the rest is listed
        session.addScanned([c, a])
        XCTAssertEqual(picked(session), [c.path, a.path, b.path, x.path])
    }

    func testTheCallersPreselectionKeepsItsOrderAcrossBatchesAndTheMaximum() throws {
        let a = file("A/a.jpg", inode: 1), b = file("B/b.jpg", inode: 2), c = file("C/c.jpg", inode: 3)
        var configuration = PickerConfiguration(roots: [root])
        configuration.preselect = [c.path, b.path, a.path]
        let session = PickerSession(configuration: configuration)
        session.addScanned([a])
        session.addScanned([b, c])
        XCTAssertEqual(picked(session), [c.path, b.path, a.path])

        configuration.maximum = 2
        let limited = PickerSession(configuration: configuration)
        limited.addScanned([a])
        limited.addScanned([b, c])
        XCTAssertEqual(picked(limited), [c.path, a.path], "full at two: the earlier place of the batch first")
    }
}

/// After a restart the album shown comes back once it turns up: the one asked for
/// (`--album`), or the one the user chose instead.
final class RescanAlbumTests: XCTestCase {
    private let root = RawPath("/lib/Pictures")

    private func file(_ name: String, inode: UInt64) -> DiscoveredFile {
        DiscoveredFile(path: RawPath(root.description + "/" + name), root: root, mimeType: "image/jpeg", kind: .photo,
                       sizeBytes: 1, modified: 1_700_000_000 + Double(inode), device: 1, inode: inode)
    }

    private func session(album: String) -> PickerSession {
        var configuration = PickerConfiguration(roots: [root])
        configuration.initialAlbum = album
        return PickerSession(configuration: configuration)
    }

    func testTheAskedForAlbumIsShownAgainAfterTryAgain() {
        let a = file("A/a.jpg", inode: 1), b = file("B/b.jpg", inode: 2)
        let session = session(album: "B")
        session.addScanned([a, b])
        XCTAssertEqual(session.currentAlbum, .folder(RawPath("/lib/Pictures/B")))

        XCTAssertTrue(session.rescan())
        session.addScanned([a])
        XCTAssertEqual(session.currentAlbum, .allPhotos, "not there yet")
        session.addScanned([b])
        XCTAssertEqual(session.currentAlbum, .folder(RawPath("/lib/Pictures/B")))
        session.finishScan(problems: [])
        XCTAssertNil(session.missingInitialAlbum)
    }

    func testTheUsersOwnChoiceIsShownAgainInstead() {
        let a = file("A/a.jpg", inode: 1), b = file("B/b.jpg", inode: 2)
        let session = session(album: "B")
        session.addScanned([a, b])
        session.chooseAlbum(.folder(RawPath("/lib/Pictures/A")))

        XCTAssertTrue(session.rescan())
        session.addScanned([b])
        XCTAssertEqual(session.currentAlbum, .allPhotos, "the asked-for album no longer takes over")
        session.addScanned([a])
        XCTAssertEqual(session.currentAlbum, .folder(RawPath("/lib/Pictures/A")))
        // Later batches do not undo the user moving away.
        session.chooseAlbum(.allPhotos)
        session.addScanned([file("B/b2.jpg", inode: 3)])
        XCTAssertEqual(session.currentAlbum, .allPhotos)
    }
}
