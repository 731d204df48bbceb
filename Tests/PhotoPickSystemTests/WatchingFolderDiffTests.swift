import Foundation
@testable import PhotoPickCore
@testable import PhotoPickSystem
import PhotoPickMedia
import Synchronization
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// FolderDiff alone: a snapshot against the disk, no inotify.
final class WatchingFolderDiffTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private var dir: TemporaryDirectory!
    private var sample: SampleLibrary!
    private var root: String { sample.root }

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        sample = try SampleLibrary.make(in: dir)
    }

    override func tearDown() {
        dir = nil  // XCTest keeps test cases alive: release the folder now so it is removed
    }

    private func diff(_ dirty: [String], snapshot: LibrarySnapshot, watched: [String] = [],
                      reader: (any MetadataReader)? = nil) -> LibraryChangeSet {
        FolderDiff(roots: [RawPath(root)], sniffer: GIOContentTypeSniffer(), metadataReader: reader)
            .changes(in: Set(dirty.map(RawPath.init)), snapshot: snapshot, watchedFolders: Set(watched.map(RawPath.init)))
    }

    private var allFolders: [String] { [root, root + "/2024", root + "/2024/Trip", root + "/Screenshots"] }

    func testNothingChangedGivesAnEmptyChangeSet() {
        let changes = diff(allFolders, snapshot: Watching.snapshot([root]))
        XCTAssertTrue(changes.isEmpty, "\(changes)")
        XCTAssertEqual(changes, LibraryChangeSet())
    }

    func testNewPhotoIsInsertedWithItsRootTypeAndStamp() throws {
        let before = Watching.snapshot([root])
        try Watching.photo(root + "/Screenshots/new.jpg")
        let changes = diff([root + "/Screenshots"], snapshot: before)

        XCTAssertEqual(Watching.paths(changes.inserted), [root + "/Screenshots/new.jpg"])
        XCTAssertEqual(changes.updated, [])
        XCTAssertEqual(changes.deleted, [])
        let file = try XCTUnwrap(changes.inserted.first)
        XCTAssertEqual(file.root, RawPath(root))
        XCTAssertEqual(file.mimeType, "image/jpeg")
        XCTAssertEqual(file.kind, .photo)
        XCTAssertEqual(file, Watching.files([root]).first { $0.path == file.path }, "same as a full scan would find")
        XCTAssertEqual(changes.updatedAlbums, [RawPath(root + "/Screenshots")])
        XCTAssertEqual(changes.insertedAlbums, [])
    }

    func testOverwrittenPhotoIsUpdatedAndResniffed() throws {
        let before = Watching.snapshot([root])
        let beach = root + "/beach.jpg"
        try ImageFactory.write(beach, width: 64, height: 48, format: .png)  // now a PNG, other size
        let changes = diff([root], snapshot: before)

        XCTAssertEqual(Watching.paths(changes.updated), [beach])
        XCTAssertEqual(changes.inserted, [])
        XCTAssertEqual(changes.deleted, [])
        XCTAssertEqual(changes.updated.first?.mimeType, "image/png")
        XCTAssertNotEqual(changes.updated.first?.sizeBytes, before[RawPath(root)]?[RawPath(beach)]?.sizeBytes)
    }

    func testTouchedPhotoIsUpdated() throws {
        let before = Watching.snapshot([root])
        try ImageFactory.setModified(root + "/beach.jpg", 1_800_000_000)
        XCTAssertEqual(Watching.paths(diff([root], snapshot: before).updated), [root + "/beach.jpg"])
    }

    func testDeletedPhotoIsDeleted() throws {
        let before = Watching.snapshot([root])
        try FileManager.default.removeItem(atPath: root + "/2024/Trip/trip-2.jpg")
        let changes = diff([root + "/2024/Trip"], snapshot: before)
        XCTAssertEqual(Watching.paths(changes.deleted), [root + "/2024/Trip/trip-2.jpg"])
        XCTAssertEqual(changes.inserted, [])
        XCTAssertEqual(changes.updatedAlbums, [RawPath(root + "/2024/Trip")])
    }

    func testRenameIsADeleteAndAnInsert() throws {
        let before = Watching.snapshot([root])
        XCTAssertEqual(rename(root + "/beach.jpg", root + "/Screenshots/sea.jpg"), 0)
        let changes = diff([root, root + "/Screenshots"], snapshot: before)
        XCTAssertEqual(Watching.paths(changes.deleted), [root + "/beach.jpg"])
        XCTAssertEqual(Watching.paths(changes.inserted), [root + "/Screenshots/sea.jpg"])
        XCTAssertEqual(changes.updated, [])
    }

    func testOnlyDirtyFoldersAreListed() throws {
        let before = Watching.snapshot([root])
        try Watching.photo(root + "/Screenshots/unseen.jpg")
        try FileManager.default.removeItem(atPath: root + "/2024/Trip/trip-1.jpg")
        let changes = diff([root], snapshot: before)
        XCTAssertTrue(changes.isEmpty, "Screenshots and 2024/Trip are known and not dirty: \(changes)")
    }

    func testNewFolderTreeIsScannedWhole() throws {
        let before = Watching.snapshot([root])
        try Watching.photo(root + "/New/a.jpg")
        try Watching.photo(root + "/New/Deep/b.jpg")
        try Watching.photo(root + "/New/Deep/.hidden.jpg")
        try Watching.text(root + "/New/Deep/notes.jpg")
        let changes = diff([root], snapshot: before)

        XCTAssertEqual(Watching.paths(changes.inserted), [root + "/New/Deep/b.jpg", root + "/New/a.jpg"])
        XCTAssertEqual(Set(changes.inserted.map(\.root)), [RawPath(root)], "the library's root, not the new folder")
        XCTAssertEqual(changes.insertedAlbums, [RawPath(root + "/New"), RawPath(root + "/New/Deep")])
        XCTAssertEqual(changes.updatedAlbums, [])
    }

    func testWatchedNewFolderIsLeftToItsOwnReport() throws {
        let before = Watching.snapshot([root])
        try Watching.photo(root + "/New/a.jpg")
        try Watching.photo(root + "/New/Deep/b.jpg")
        let watched = [root + "/New", root + "/New/Deep"]
        XCTAssertTrue(diff([root], snapshot: before, watched: watched).isEmpty, "no recursive scan of watched folders")
        let changes = diff([root, root + "/New", root + "/New/Deep"], snapshot: before, watched: watched)
        XCTAssertEqual(Watching.paths(changes.inserted), [root + "/New/Deep/b.jpg", root + "/New/a.jpg"])
    }

    func testDeletedFolderDeletesEverythingBelowIt() throws {
        let before = Watching.snapshot([root])
        try FileManager.default.removeItem(atPath: root + "/2024")
        let trips = (1...4).map { root + "/2024/Trip/trip-\($0).jpg" }

        let fromParent = diff([root], snapshot: before)
        XCTAssertEqual(Watching.paths(fromParent.deleted), trips)
        XCTAssertEqual(fromParent.deletedAlbums, [RawPath(root + "/2024/Trip")])
        XCTAssertEqual(fromParent.inserted, [])

        let fromItself = diff([root + "/2024/Trip"], snapshot: before)
        XCTAssertEqual(Watching.paths(fromItself.deleted), trips, "a dirty folder that is gone")

        let everything = diff(allFolders, snapshot: before)
        XCTAssertEqual(Watching.paths(everything.deleted), trips, "each path once")
    }

    func testMovedFolderIsDeletedThereAndInsertedHere() throws {
        let before = Watching.snapshot([root])
        XCTAssertEqual(rename(root + "/2024/Trip", root + "/Trips"), 0)
        let changes = diff([root, root + "/2024"], snapshot: before)
        XCTAssertEqual(Watching.paths(changes.deleted), (1...4).map { root + "/2024/Trip/trip-\($0).jpg" })
        XCTAssertEqual(Watching.paths(changes.inserted), (1...4).map { root + "/Trips/trip-\($0).jpg" },
                       "same inodes as the deleted files, still reported")
        XCTAssertEqual(changes.insertedAlbums, [RawPath(root + "/Trips")])
        XCTAssertEqual(changes.deletedAlbums, [RawPath(root + "/2024/Trip")])
    }

    func testHiddenAndNonMediaFilesAreIgnored() throws {
        let before = Watching.snapshot([root])
        try Watching.photo(root + "/.dot.jpg")
        try Watching.photo(root + "/.cache/thumb.jpg")
        try Watching.text(root + "/fake.jpg")
        try Watching.text(root + "/more-notes.txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/empty.jpg", contents: Data()))
        let changes = diff([root, root + "/.cache"], snapshot: before)
        XCTAssertTrue(changes.isEmpty, "\(changes)")
    }

    func testPhotoTurnedIntoTextOrEmptiedIsDeleted() throws {
        let before = Watching.snapshot([root])
        try Watching.text(root + "/beach.jpg")
        XCTAssertEqual(truncate(root + "/Screenshots/shot-1.png", 0), 0)
        let changes = diff([root, root + "/Screenshots"], snapshot: before)
        XCTAssertEqual(Watching.paths(changes.deleted), [root + "/Screenshots/shot-1.png", root + "/beach.jpg"])
        XCTAssertEqual(changes.updated, [])
    }

    func testTextTurnedIntoPhotoIsInserted() throws {
        let before = Watching.snapshot([root])
        try Watching.photo(root + "/notes.jpg")  // was text in SampleLibrary
        XCTAssertEqual(Watching.paths(diff([root], snapshot: before).inserted), [root + "/notes.jpg"])
    }

    func testMetadataIsReadForInsertedAndUpdatedFilesOnly() throws {
        let before = Watching.snapshot([root])
        try Watching.photo(root + "/new.jpg")
        try Watching.photo(root + "/New/deep.jpg")
        try ImageFactory.write(root + "/beach.jpg", width: 40, height: 30, format: .jpeg)
        let reader = CountingReader()
        let changes = diff([root], snapshot: before, reader: reader)

        XCTAssertEqual(Watching.paths(changes.inserted), [root + "/New/deep.jpg", root + "/new.jpg"])
        XCTAssertEqual(Watching.paths(changes.updated), [root + "/beach.jpg"])
        XCTAssertEqual(Set((changes.inserted + changes.updated).map(\.metadata.rating)), [4])
        XCTAssertEqual(reader.paths, [root + "/New/deep.jpg", root + "/beach.jpg", root + "/new.jpg"],
                       "unchanged files are not read again")
    }

    func testLinkBackToAnAncestorInANewFolderIsNotReportedAgain() throws {
        let before = Watching.snapshot([root])
        try Watching.photo(root + "/New/a.jpg")
        try FileManager.default.createSymbolicLink(atPath: root + "/New/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root + "/Loop", withDestinationPath: ".")
        let changes = diff([root], snapshot: before)
        XCTAssertEqual(Watching.paths(changes.inserted), [root + "/New/a.jpg"])
        XCTAssertEqual(changes.deleted, [])
    }

    func testFoldersToRecheckCoverRootsAndFoldersBetween() {
        let differ = FolderDiff(roots: [RawPath(root)], sniffer: GIOContentTypeSniffer())
        XCTAssertEqual(differ.foldersToRecheck(Watching.snapshot([root])), Set(allFolders.map(RawPath.init)))
        XCTAssertEqual(differ.foldersToRecheck([:]), [RawPath(root)])
    }

    func testUnreadableFolderIsAProblemAndItsMediaGo() throws {
        if getuid() == 0 { throw XCTSkip("running as root: permissions are not enforced") }
        let before = Watching.snapshot([root])
        XCTAssertEqual(chmod(root + "/Screenshots", 0), 0)
        let changes = diff([root + "/Screenshots"], snapshot: before)
        XCTAssertEqual(changes.problems.map(\.path), [RawPath(root + "/Screenshots")])
        XCTAssertTrue(changes.problems.first?.isPermissionDenied == true)
        XCTAssertEqual(changes.deleted.count, 2)
    }

    func testFoldersOutsideTheRootsOrHiddenAreIgnored() throws {
        let before = Watching.snapshot([root])
        try Watching.photo(dir.path + "/elsewhere/x.jpg")
        try Watching.photo(root + "/.hidden/new.jpg")
        XCTAssertTrue(diff([dir.path + "/elsewhere", root + "/.hidden"], snapshot: before).isEmpty)
    }
}

/// A metadata reader that records which files it was asked about.
private final class CountingReader: MetadataReader {
    private let asked = Mutex<[String]>([])
    var paths: [String] { asked.withLock { $0.sorted() } }

    func metadata(for path: RawPath, mimeType: String, modified: Double) -> AssetMetadata {
        asked.withLock { $0.append(path.description) }
        return AssetMetadata(rating: 4)
    }
}
