import Foundation
import PhotoPickCore
import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest

/// The library and the session apply watcher change sets incrementally.
final class LiveChangesTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private func file(_ path: String, inode: UInt64, size: Int64 = 100, modified: Double = 1_700_000_000) -> DiscoveredFile {
        DiscoveredFile(path: RawPath(path), root: RawPath("/lib"), mimeType: "image/jpeg", kind: .photo,
                       sizeBytes: size, modified: modified, device: 1, inode: inode)
    }

    private func changes(inserted: [DiscoveredFile] = [], updated: [DiscoveredFile] = [], deleted: [String] = []) -> LibraryChangeSet {
        var c = LibraryChangeSet()
        c.inserted = inserted
        c.updated = updated
        c.deleted = deleted.map(RawPath.init)
        return c
    }

    func testInsertUpdateDeleteKeepIdentifiers() {
        let library = PhotoLibrary(roots: [RawPath("/lib")])
        let a = library.add([file("/lib/a.jpg", inode: 1), file("/lib/b.jpg", inode: 2)])
        let update = library.apply(changes(inserted: [file("/lib/c.jpg", inode: 3)],
                                           updated: [file("/lib/a.jpg", inode: 1, size: 999, modified: 1_800_000_000)],
                                           deleted: ["/lib/b.jpg"]))
        XCTAssertEqual(update.updated, [a[0].id], "an updated file keeps its identifier")
        XCTAssertEqual(update.deleted, [a[1].id])
        XCTAssertEqual(update.inserted.count, 1)
        XCTAssertEqual(library.asset(a[0].id)?.sizeBytes, 999)
        XCTAssertNil(library.asset(a[1].id))
        XCTAssertEqual(library.album(.allPhotos)?.assetIDs.first, a[0].id, "now the newest")
        XCTAssertEqual(library.count, 2)
    }

    func testAFolderMovedInsideTheLibraryComesBack() {
        let library = PhotoLibrary(roots: [RawPath("/lib")])
        library.add([file("/lib/old/a.jpg", inode: 7)])
        // Same inode under a new path: the deletion must free it for the insertion.
        let update = library.apply(changes(inserted: [file("/lib/new/a.jpg", inode: 7)], deleted: ["/lib/old/a.jpg"]))
        XCTAssertEqual(update.inserted.count, 1)
        XCTAssertEqual(library.assets(in: .allPhotos).map(\.path.description), ["/lib/new/a.jpg"])
        XCTAssertEqual(library.albums.compactMap { if case .folder(let p) = $0.id { p.description } else { nil } }, ["/lib/new"])
    }

    func testAnInsertedKnownPathIsAnUpdate() {
        let library = PhotoLibrary(roots: [RawPath("/lib")])
        let a = library.add([file("/lib/a.jpg", inode: 1)])
        let update = library.apply(changes(inserted: [file("/lib/a.jpg", inode: 1, size: 5)]))
        XCTAssertEqual(update.updated, [a[0].id])
        XCTAssertEqual(library.count, 1)
    }

    func testTheSessionDropsPicksWhoseFilesAreGoneAndReportsIt() {
        let session = PickerSession(configuration: PickerConfiguration(roots: [RawPath("/lib")]))
        session.addScanned([file("/lib/a.jpg", inode: 1), file("/lib/b.jpg", inode: 2)])
        let ids = session.shownAssets
        session.toggle(ids[0])
        session.toggle(ids[1])
        var seen: [PickerSession.Change] = []
        session.onChange = { seen.append($0) }
        let goneID = session.library.assets(in: .allPhotos).first { $0.name == "b.jpg" }!.id
        session.apply(changes(deleted: ["/lib/b.jpg"]))
        XCTAssertFalse(session.selection.contains(goneID))
        XCTAssertEqual(session.selection.count, 1)
        XCTAssertTrue(seen.contains(.selection([goneID])), "\(seen)")
        XCTAssertTrue(seen.contains(.assets))
        XCTAssertFalse(session.shownAssets.contains(goneID))
    }

    func testEndToEndWithTheRealMonitor() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try ImageFactory.write(root + "/a.jpg", width: 64, height: 48, format: .jpeg)
        let session = PickerSession(configuration: PickerConfiguration(roots: [RawPath(root)]))
        let scanner = FileSystemScanner(roots: [RawPath(root)], sniffer: GIOContentTypeSniffer())
        let store = LibrarySnapshotStore()
        scanner.scan { batch in store.add(batch); session.addScanned(batch) }
        XCTAssertEqual(session.shownAssets.count, 1)

        let received = ChangeInbox()
        let monitor = LibraryMonitor(roots: [RawPath(root)], sniffer: GIOContentTypeSniffer(),
                                     snapshot: { store.snapshot() },
                                     deliver: { c in store.apply(c); received.add(c) })
        monitor.start()
        defer { monitor.stop() }
        XCTAssertTrue(monitor.waitUntilWatching(timeout: 10))
        try ImageFactory.write(root + "/b.jpg", width: 64, height: 48, format: .jpeg)
        try FileManager.default.removeItem(atPath: root + "/a.jpg")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            for c in received.take() { session.apply(c) }
            if session.library.assets(in: .allPhotos).map(\.name) == ["b.jpg"] { break }
            usleep(50_000)
        }
        XCTAssertEqual(session.library.assets(in: .allPhotos).map(\.name), ["b.jpg"])
    }
}

/// Change sets handed over from the monitor's queue to the test thread.
private final class ChangeInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [LibraryChangeSet] = []
    func add(_ c: LibraryChangeSet) { lock.lock(); items.append(c); lock.unlock() }
    func take() -> [LibraryChangeSet] { lock.lock(); defer { items.removeAll(); lock.unlock() }; return items }
}
