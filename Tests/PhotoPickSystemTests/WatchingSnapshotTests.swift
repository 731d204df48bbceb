import Foundation
@testable import PhotoPickCore
@testable import PhotoPickSystem
import XCTest

/// The small value types of the watching layer: stamps, snapshots, the overlay, events.
final class WatchingSnapshotTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private func file(_ path: String, size: Int64 = 100, modified: Double = 1, inode: UInt64 = 7) -> DiscoveredFile {
        DiscoveredFile(path: RawPath(path), root: RawPath("/lib"), mimeType: "image/jpeg", kind: .photo,
                       sizeBytes: size, modified: modified, device: 1, inode: inode)
    }

    func testStampsMatchOnSizeTimeAndFileWhenKnown() {
        let stamp = FileStamp(sizeBytes: 10, modified: 5, device: 1, inode: 2)
        XCTAssertTrue(stamp.matches(stamp))
        XCTAssertFalse(stamp.matches(FileStamp(sizeBytes: 11, modified: 5, device: 1, inode: 2)))
        XCTAssertFalse(stamp.matches(FileStamp(sizeBytes: 10, modified: 5.5, device: 1, inode: 2)))
        XCTAssertFalse(stamp.matches(FileStamp(sizeBytes: 10, modified: 5, device: 1, inode: 3)), "replaced by rename")
        XCTAssertTrue(stamp.matches(FileStamp(sizeBytes: 10, modified: 5)), "a library without inodes")
    }

    func testStoreGroupsByFolderAndAppliesChanges() {
        let store = LibrarySnapshotStore(files: [file("/lib/a/1.jpg"), file("/lib/a/2.jpg", inode: 8), file("/lib/b/3.jpg", inode: 9)])
        XCTAssertEqual(store.count, 3)
        XCTAssertEqual(Set(store.snapshot().keys), [RawPath("/lib/a"), RawPath("/lib/b")])

        store.apply(LibraryChangeSet(inserted: [file("/lib/c/4.jpg", inode: 10)],
                                     updated: [file("/lib/a/1.jpg", size: 200)],
                                     deleted: [RawPath("/lib/b/3.jpg")]))
        let snapshot = store.snapshot()
        XCTAssertEqual(Set(snapshot.keys), [RawPath("/lib/a"), RawPath("/lib/c")], "an emptied folder goes")
        XCTAssertEqual(snapshot[RawPath("/lib/a")]?[RawPath("/lib/a/1.jpg")]?.sizeBytes, 200)
        XCTAssertEqual(store.count, 3)
    }

    func testDeliveredChangesCoverALaggingSnapshotUntilItCatchesUp() {
        let stale = LibrarySnapshotStore(files: [file("/lib/old.jpg")]).snapshot()
        var delivered = DeliveredChanges()
        delivered.record(LibraryChangeSet(inserted: [file("/lib/new.jpg", inode: 8)], deleted: [RawPath("/lib/old.jpg")]))

        let seen = delivered.overlay(on: stale)
        XCTAssertEqual(Set(seen[RawPath("/lib")]?.keys ?? []), [RawPath("/lib/new.jpg")])
        XCTAssertEqual(delivered.count, 2, "the snapshot has not caught up")

        let caughtUp = LibrarySnapshotStore(files: [file("/lib/new.jpg", inode: 8)]).snapshot()
        XCTAssertEqual(delivered.overlay(on: caughtUp), caughtUp)
        XCTAssertEqual(delivered.count, 0, "entries the snapshot agrees with are dropped")
    }

    func testAlbumsAreJudgedAgainstTheSnapshot() {
        let snapshot = LibrarySnapshotStore(files: [file("/lib/a/1.jpg"), file("/lib/b/2.jpg", inode: 8),
                                                    file("/lib/b/3.jpg", inode: 9)]).snapshot()
        var changes = LibraryChangeSet(inserted: [file("/lib/c/4.jpg", inode: 10)],
                                       updated: [file("/lib/b/2.jpg", size: 5)],
                                       deleted: [RawPath("/lib/a/1.jpg"), RawPath("/lib/b/3.jpg")])
        changes.computeAlbums(against: snapshot)
        XCTAssertEqual(changes.insertedAlbums, [RawPath("/lib/c")])
        XCTAssertEqual(changes.updatedAlbums, [RawPath("/lib/b")])
        XCTAssertEqual(changes.deletedAlbums, [RawPath("/lib/a")])
    }

    func testInotifyEventsParseFromRawBytes() {
        func event(wd: Int32, mask: UInt32, name: String, padTo: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            withUnsafeBytes(of: wd) { bytes += $0 }
            withUnsafeBytes(of: mask) { bytes += $0 }
            withUnsafeBytes(of: UInt32(0)) { bytes += $0 }
            withUnsafeBytes(of: UInt32(padTo)) { bytes += $0 }
            let name = Array(name.utf8)
            return bytes + name + [UInt8](repeating: 0, count: padTo - name.count)
        }
        let raw = event(wd: 3, mask: 0x100, name: "a\u{FF}.jpg", padTo: 16) + event(wd: 4, mask: 0x400, name: "", padTo: 0)
            + event(wd: 5, mask: 0x200, name: "x", padTo: 4)
        let events = raw.withUnsafeBytes { InotifyEvent.parse($0, count: raw.count) }
        XCTAssertEqual(events, [InotifyEvent(watch: 3, mask: 0x100, name: Array("a\u{FF}.jpg".utf8)),
                                InotifyEvent(watch: 4, mask: 0x400, name: []),
                                InotifyEvent(watch: 5, mask: 0x200, name: [UInt8(ascii: "x")])])
        let cut = raw.withUnsafeBytes { InotifyEvent.parse($0, count: 20) }
        XCTAssertEqual(cut.count, 1, "a truncated header is not read")
    }
}
