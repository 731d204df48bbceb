import Foundation
import PhotoPickCore
import PhotoPickIndex
import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Index first, disk second: a real library is scanned into the index, changed while the
/// picker is "closed", and reopened from the index. The first state is the index's, the
/// reconcile's change set is exactly the differences, and applying it gives what a fresh
/// disk scan gives. An index that cannot be trusted for these roots is not used.
final class IndexFirstReconcileTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root: String { dir.path + "/Pictures" }
    private var roots: [RawPath] { [RawPath(root)] }
    private var indexPath: String { dir.path + "/cache/photopick/index.sqlite3" }
    /// Not UTF-8: a name is bytes, and the index must give the same bytes back.
    private let oddName: [UInt8] = Array("A/caf".utf8) + [0xE9] + Array(".jpg".utf8)

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        var t = 1_700_000_000.0
        for name in ["A/a1.jpg", "A/a2.jpg", "A/a3.jpg", "B/b1.jpg", "B/b2.png", "C/c1.jpg", "C/deep/c2.jpg", "top.jpg"] {
            try photo(name, modified: t)
            t += 3600
        }
        let odd = RawPath(bytes: Array(root.utf8) + [UInt8(ascii: "/")] + oddName)
        try ImageFactory.write(root + "/tmp-odd.jpg", width: 48, height: 32, format: .jpeg)
        XCTAssertEqual(odd.withCString { new in rename(root + "/tmp-odd.jpg", new) }, 0)
        try Data("not a photo\n".utf8).write(to: URL(fileURLWithPath: root + "/A/notes.txt"))
    }

    private func photo(_ name: String, modified: Double, width: Int = 64) throws {
        let path = root + "/" + name
        try ImageFactory.write(path, width: width, height: 48, format: name.hasSuffix(".png") ? .png : .jpeg)
        try ImageFactory.setModified(path, modified)
    }

    private func path(_ name: String) -> RawPath { RawPath(root + "/" + name) }

    private func scanner(cache: MetadataIndex? = nil) -> FileSystemScanner {
        FileSystemScanner(roots: roots, sniffer: GIOContentTypeSniffer(), metadataReader: Exiv2MetadataReader(), cache: cache)
    }

    /// The disk's differences from `known`, as the window's open finds them: the watcher's
    /// one re-listing against the files the library was shown with.
    private func reconcile(since known: [DiscoveredFile], file: StaticString = #filePath, line: UInt = #line) throws -> LibraryChangeSet {
        try watcherRecheck(roots, against: LibrarySnapshotStore(files: known).snapshot(), file: file, line: line)
    }

    /// The first open: a disk scan fills the index, and its listing is recorded.
    @discardableResult
    private func firstOpen() throws -> [DiscoveredFile] {
        let index = try MetadataIndex(path: indexPath)
        let files = scanner(cache: index).scanAll().files
        index.recordListing(of: roots, snapshot: LibrarySnapshotStore(files: files).snapshot(), completed: 1_800_000_000)
        return files
    }

    private func byPath(_ files: [DiscoveredFile]) -> [RawPath: DiscoveredFile] {
        Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The library after `changes`, applied as the window applies them (deletions first).
    private func applying(_ changes: LibraryChangeSet, to files: [DiscoveredFile]) -> [RawPath: DiscoveredFile] {
        var state = byPath(files)
        for gone in changes.deleted { state[gone] = nil }
        for file in changes.inserted + changes.updated { state[file.path] = file }
        return state
    }

    /// New files are made before anything is deleted: a file system may hand a freed inode
    /// straight to the next new file, which would then look like the deleted one renamed.
    private func changeWhileClosed() throws {
        try photo("A/new.jpg", modified: 1_750_000_000)                               // added
        try photo("D/d1.jpg", modified: 1_770_000_000)                               // a new folder
        try photo("A/a2.jpg", modified: 1_760_000_000, width: 96)                     // content and time changed
        XCTAssertEqual(unlink(root + "/A/a3.jpg"), 0)                                  // deleted
        XCTAssertEqual(rename(root + "/B/b1.jpg", root + "/B/b1-renamed.jpg"), 0)     // renamed
        try FileManager.default.removeItem(atPath: root + "/C")                       // a folder removed
    }

    func testTheReconcileAppliesExactlyWhatChangedWhileClosed() throws {
        let scanned = try firstOpen()
        XCTAssertEqual(scanned.count, 9)
        try changeWhileClosed()

        let index = try MetadataIndex(path: indexPath)
        XCTAssertNil(index.rebuiltBecause)
        let listing = try XCTUnwrap(index.listing(of: roots), "a complete listing was recorded")
        XCTAssertEqual(byPath(listing.files), byPath(scanned), "the first state is the library as the index saw it")
        XCTAssertEqual(listing.completed, 1_800_000_000)
        XCTAssertTrue(listing.files.contains { $0.path.bytes.suffix(oddName.count) == oddName[...] }, "odd bytes come back as they were")

        let changes = try reconcile(since: listing.files)
        XCTAssertEqual(changes.inserted.map(\.path), [path("A/new.jpg"), path("B/b1-renamed.jpg"), path("D/d1.jpg")])
        XCTAssertEqual(changes.updated.map(\.path), [path("A/a2.jpg")])
        XCTAssertEqual(changes.deleted, [path("A/a3.jpg"), path("B/b1.jpg"), path("C/c1.jpg"), path("C/deep/c2.jpg")])
        XCTAssertEqual(changes.updated.first?.metadata.pixelWidth, 96, "a changed file's metadata is read again")
        XCTAssertTrue(changes.problems.isEmpty, "\(changes.problems)")
        let snapshot = LibrarySnapshotStore(files: listing.files).snapshot()
        let renames = renames(in: changes, snapshot: snapshot)
        XCTAssertEqual(renames.map(\.from), [path("B/b1.jpg")])
        XCTAssertEqual(renames.map(\.to), [path("B/b1-renamed.jpg")])
        XCTAssertEqual(changes.deletedAlbums, [path("C"), path("C/deep")])
        XCTAssertEqual(changes.insertedAlbums, [path("D")])

        let fresh = scanner().scanAll().files
        XCTAssertEqual(applying(changes, to: listing.files), byPath(fresh), "reconciled = a fresh disk scan")

        // The index follows the reconcile (as the window records it, in one transaction):
        // the next open starts from the new state.
        let snapshotAfter = LibrarySnapshotStore(files: Array(applying(changes, to: listing.files).values)).snapshot()
        index.recordListing(of: roots, snapshot: snapshotAfter, completed: 1_800_000_100, applying: changes)
        let reopened = try MetadataIndex(path: indexPath)
        let next = try XCTUnwrap(reopened.listing(of: roots))
        XCTAssertEqual(byPath(next.files), byPath(fresh))
        XCTAssertTrue(try reconcile(since: next.files).isEmpty, "nothing left to reconcile")
    }

    /// The window records a reconcile in one transaction (`recordListing(applying:)`): the
    /// next open starts from exactly the disk's state, a file replaced within the set too.
    func testAReconcileRecordedInOneTransactionReopensAsTheDisk() throws {
        try firstOpen()
        try changeWhileClosed()
        let index = try MetadataIndex(path: indexPath)
        let listing = try XCTUnwrap(index.listing(of: roots))
        var changes = try reconcile(since: listing.files)
        XCTAssertFalse(changes.deleted.isEmpty || changes.inserted.isEmpty)
        // A path deleted and inserted again in one set (a file replaced) ends inserted.
        let replaced = try XCTUnwrap(changes.inserted.first)
        changes.deleted.append(replaced.path)
        let after = applying(changes, to: listing.files)
        index.recordListing(of: roots, snapshot: LibrarySnapshotStore(files: Array(after.values)).snapshot(),
                            completed: 1_800_000_200, applying: changes)
        let next = try XCTUnwrap(try MetadataIndex(path: indexPath).listing(of: roots), "the listing adds up")
        XCTAssertEqual(next.completed, 1_800_000_200)
        XCTAssertEqual(byPath(next.files), byPath(scanner().scanAll().files))
        XCTAssertTrue(try reconcile(since: next.files).isEmpty, "nothing left to reconcile")
    }

    func testAnUnchangedLibraryReconcilesToNothing() throws {
        let scanned = try firstOpen()
        let listing = try XCTUnwrap(MetadataIndex(path: indexPath).listing(of: roots))
        XCTAssertEqual(byPath(listing.files), byPath(scanned))
        let changes = try reconcile(since: listing.files)
        XCTAssertTrue(changes.isEmpty, "no remove and re-add of unchanged files: \(changes)")
    }

    func testAFileTouchedWithoutChangeIsUpdatedNotRemovedAndAdded() throws {
        try firstOpen()
        try ImageFactory.setModified(root + "/top.jpg", 1_790_000_000)
        let listing = try XCTUnwrap(MetadataIndex(path: indexPath).listing(of: roots))
        let changes = try reconcile(since: listing.files)
        XCTAssertEqual(changes.updated.map(\.path), [path("top.jpg")])
        XCTAssertTrue(changes.inserted.isEmpty && changes.deleted.isEmpty, "\(changes)")
    }

    func testAnIndexOfOtherRootsIsNotUsed() throws {
        try firstOpen()
        let index = try MetadataIndex(path: indexPath)
        XCTAssertNotNil(index.listing(of: roots))
        XCTAssertNil(index.listing(of: [RawPath(root + "/A")]), "a folder inside the library is another library")
        XCTAssertNil(index.listing(of: [RawPath(dir.path)]), "so is the folder around it")
        XCTAssertNil(index.listing(of: [RawPath(dir.path + "/Elsewhere")]))
        XCTAssertNil(index.listing(of: roots + [RawPath(dir.path + "/Elsewhere")]), "more roots: not the same listing")
        XCTAssertNil(index.listing(of: []))
    }

    func testAnIndexWithoutAListingIsNotUsed() throws {
        // What an index written by a scan that never completed holds: rows, but no listing.
        let index = try MetadataIndex(path: indexPath)
        _ = scanner(cache: index).scanAll()
        XCTAssertTrue(index.listing(of: roots) == nil)
    }

    func testRowsThatChangedBehindTheListingMakeItUntrusted() throws {
        try firstOpen()
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("DELETE FROM files WHERE name = CAST('a1.jpg' AS BLOB)")
            db.commit()
            """
        let out = try ProcessRunner.run("/usr/bin/python3", ["-c", edit, indexPath])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertTrue(try MetadataIndex(path: indexPath).listing(of: roots) == nil, "a row missing from the listing")
    }

    func testImpossibleValuesMakeTheListingUntrusted() throws {
        for update in ["size = -5", "mime = 'text/plain'", "name = CAST('.hidden.jpg' AS BLOB)", "name = CAST('x/y.jpg' AS BLOB)"] {
            try? FileManager.default.removeItem(atPath: dir.path + "/cache")
            try firstOpen()
            let edit = """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1])
                db.execute("UPDATE files SET \(update) WHERE name = CAST('top.jpg' AS BLOB)")
                db.commit()
                """
            let out = try ProcessRunner.run("/usr/bin/python3", ["-c", edit, indexPath])
            XCTAssertEqual(out.status, 0, out.stderrText)
            XCTAssertTrue(try MetadataIndex(path: indexPath).listing(of: roots) == nil, update)
        }
    }

    // MARK: A damaged index: a fresh scan, with the right result

    private func assertFreshScanIsRight(_ what: String, expectRebuild: Bool) throws {
        let index = try MetadataIndex(path: indexPath)
        if expectRebuild { XCTAssertNotNil(index.rebuiltBecause, what) }
        XCTAssertTrue(index.listing(of: roots) == nil, "\(what): a damaged index is not a listing")
        let files = scanner(cache: index).scanAll().files
        XCTAssertEqual(byPath(files), byPath(scanner().scanAll().files), what)
    }

    func testAnIndexOfGarbageBytesIsRebuilt() throws {
        try firstOpen()
        try Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }).write(to: URL(fileURLWithPath: indexPath))
        try assertFreshScanIsRight("garbage", expectRebuild: true)
    }

    func testATruncatedIndexIsNotTrusted() throws {
        try firstOpen()
        // Enough rows that the listing spans many pages; closed, so all of it is in the file.
        do {
            let index = try MetadataIndex(path: indexPath)
            let filler = (0..<3000).map { n in
                DiscoveredFile(path: RawPath(root + "/A/filler-\(n).jpg"), root: RawPath(root), mimeType: "image/jpeg",
                               kind: .photo, sizeBytes: 10, modified: 1, device: 1, inode: UInt64(n))
            }
            index.store(filler)
            index.recordListing(of: roots, snapshot: LibrarySnapshotStore(files: filler).snapshot(), completed: 1_800_000_000)
            XCTAssertEqual(index.listing(of: roots)?.files.count, 3000)
        }
        let size = (try FileManager.default.attributesOfItem(atPath: indexPath)[.size] as? NSNumber)?.intValue ?? 0
        XCTAssertGreaterThan(size, 16384)
        XCTAssertEqual(truncate(indexPath, off_t(size / 2)), 0)
        try assertFreshScanIsRight("cut in half", expectRebuild: false)
    }

    func testAnIndexFromAFutureVersionIsRebuilt() throws {
        try firstOpen()
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
            db.execute("CREATE TABLE future(x)")
            db.commit()
            """
        let out = try ProcessRunner.run("/usr/bin/python3", ["-c", edit, indexPath])
        XCTAssertEqual(out.status, 0, out.stderrText)
        try assertFreshScanIsRight("schema 99", expectRebuild: true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: indexPath + ".broken"), "the old file is kept aside, not lost")
    }

    /// Deleted paths whose file (device and inode) came back under a new name in `changes`.
    private func renames(in changes: LibraryChangeSet, snapshot: LibrarySnapshot) -> [(from: RawPath, to: RawPath)] {
        var gone: [FileIdentity: RawPath] = [:]
        for path in changes.deleted {
            if let stamp = snapshot.stamp(for: path), stamp.inode != 0 {
                gone[FileIdentity(device: stamp.device, inode: stamp.inode)] = path
            }
        }
        return changes.inserted.compactMap { file in
            gone[FileIdentity(device: file.device, inode: file.inode)].map { ($0, file.path) }
        }
    }
}
