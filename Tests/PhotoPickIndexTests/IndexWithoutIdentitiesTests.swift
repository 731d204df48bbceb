import Foundation
import PhotoPickCore
import PhotoPickIndex
import PhotoPickMedia
import PhotoPickSystem
import Synchronization
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// An index written before schema 4 filled in file identities has device 0 and inode 0 in
/// every row. Its warm open builds the library without asking the disk about any file
/// (no `stat` per file to confirm a shared identity that names no file), shows every file,
/// and the reconcile still catches a file replaced while the picker was closed.
final class IndexWithoutIdentitiesTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root: String { dir.path + "/Pictures" }
    private var roots: [RawPath] { [RawPath(root)] }
    private var indexPath: String { dir.path + "/cache/photopick/index.sqlite3" }
    private let names = ["A/a1.jpg", "A/a2.jpg", "B/b1.jpg", "B/b2.png", "top.jpg"]

    /// The real host, counting what the model asks it about files.
    private final class CountingHost: HostSystem {
        let real = SystemHost()
        let identityLookups = Mutex(0)
        func now() -> Double { real.now() }
        func utcOffset(at seconds: Int64) -> Int64 { real.utcOffset(at: seconds) }
        func kind(of path: RawPath) -> PathKind { real.kind(of: path) }
        func identity(of path: RawPath) -> FileIdentity? {
            identityLookups.withLock { $0 += 1 }
            return real.identity(of: path)
        }
        func currentDirectory() -> RawPath { real.currentDirectory() }
        func environmentValue(_ name: String) -> [UInt8]? { real.environmentValue(name) }
        func readAll(_ path: RawPath?, limit: Int) throws(SystemError) -> [UInt8]? { try real.readAll(path, limit: limit) }
    }

    override func setUpWithError() throws {
        SystemHost.install()
        dir = TemporaryDirectory()
        var t = 1_700_000_000.0
        for name in names {
            try photo(name, modified: t)
            t += 3600
        }
    }

    override func tearDown() {
        SystemHost.install()
    }

    private func photo(_ name: String, modified: Double, width: Int = 64) throws {
        let path = root + "/" + name
        try ImageFactory.write(path, width: width, height: 48, format: name.hasSuffix(".png") ? .png : .jpeg)
        try ImageFactory.setModified(path, modified)
    }

    private func path(_ name: String) -> RawPath { RawPath(root + "/" + name) }

    /// A first open's scan and listing, then every row's identity zeroed, as in an older index.
    private func indexWithoutIdentities() throws {
        let index = try MetadataIndex(path: indexPath)
        let files = FileSystemScanner(roots: roots, sniffer: GIOContentTypeSniffer(), metadataReader: Exiv2MetadataReader(),
                                      cache: index).scanAll().files
        index.recordListing(of: roots, snapshot: LibrarySnapshotStore(files: files).snapshot(), completed: 1_800_000_000)
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE files SET device = 0, inode = 0")
            db.commit()
            """
        let out = try ProcessRunner.run("/usr/bin/python3", ["-c", edit, indexPath])
        XCTAssertEqual(out.status, 0, out.stderrText)
    }

    /// The warm open's library, built as the window builds it (rows straight into the builder).
    private func warmOpen() throws -> (PreparedLibrary, [DiscoveredFile]) {
        let index = try MetadataIndex(path: indexPath)
        let builder = PreparedLibrary.Builder(roots: roots, restriction: .none)
        var listed: [DiscoveredFile] = []
        let completed = index.listedFiles(of: roots, reserve: builder.reserve) { file in
            listed.append(file)
            builder.add(file)
        }
        XCTAssertNotNil(completed, "the listing is trusted without identities")
        return (builder.finish(), listed)
    }

    func testAWarmOpenAsksTheDiskNothingAndShowsEveryFile() throws {
        try indexWithoutIdentities()
        let host = CountingHost()
        Host.install(host)
        let (prepared, listed) = try warmOpen()
        XCTAssertEqual(host.identityLookups.withLock { $0 }, 0, "no file is stat'ed to build the library")
        XCTAssertEqual(listed.count, names.count)
        XCTAssertTrue(listed.allSatisfy { $0.device == 0 && $0.inode == 0 }, "the rows have no identities")

        let session = PickerSession(configuration: PickerConfiguration(roots: roots))
        XCTAssertEqual(session.addScanned(prepared), .adopted)
        XCTAssertEqual(Set(session.library.allPhotosPaths), Set(names.map(path)), "every file is its own photo")
        XCTAssertEqual(host.identityLookups.withLock { $0 }, 0)
    }

    func testAFileReplacedWhileClosedIsCaughtByTheReconcile() throws {
        try indexWithoutIdentities()
        // Replaced by another file (an editor's save: written aside, renamed over it).
        try photo("A/new-a2.jpg", modified: 1_760_000_000, width: 96)
        XCTAssertEqual(rename(root + "/A/new-a2.jpg", root + "/A/a2.jpg"), 0)
        let (prepared, _) = try warmOpen()
        let session = PickerSession(configuration: PickerConfiguration(roots: roots))
        XCTAssertEqual(session.addScanned(prepared), .adopted)
        let replaced = try XCTUnwrap(session.library.id(of: path("A/a2.jpg")))
        session.toggle(replaced)

        // The window's re-check, against the snapshot the warm open made with the library.
        let changes = try watcherRecheck(roots, against: prepared.snapshot)
        XCTAssertEqual(changes.updated.map(\.path), [path("A/a2.jpg")])
        XCTAssertTrue(changes.inserted.isEmpty && changes.deleted.isEmpty, "the unchanged files match by size and time: \(changes)")
        session.apply(changes)
        XCTAssertEqual(session.library.id(of: path("A/a2.jpg")), replaced, "the same photo, still picked")
        XCTAssertEqual(session.selection.ordered, [replaced])
        XCTAssertEqual(session.asset(replaced)?.metadata.pixelWidth, 96, "the new file's facts")
        XCTAssertEqual(session.library.identity(of: replaced), FileIdentity.of(path("A/a2.jpg")), "and its identity")
        XCTAssertEqual(session.library.count, names.count)
    }
}

private extension PhotoLibrary {
    var allPhotosPaths: [RawPath] { assets(in: .allPhotos).map(\.path) }
}
