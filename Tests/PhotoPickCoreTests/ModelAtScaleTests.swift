import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest

/// The algorithms changed for a million assets give what the simple ones gave: name order
/// from integer heads, selection positions in a flat array, albums rebuilt from the last
/// build's order. Small inputs chosen for the edges (no timing here).
final class ModelAtScaleTests: XCTestCase {
    // MARK: Name order

    /// Names whose natural-order keys share their first 16 bytes or more, differ only past
    /// them, are shorter than 16 bytes, repeat, carry leading zeros, are not ASCII or not UTF-8.
    private let awkwardNames: [[UInt8]] = [
        "IMG_0001234.jpg", "img_0001234.JPG", "IMG_1234.jpg", "IMG_01234.jpg", "IMG_0001234.jpeg",
        "holiday-at-the-sea-2024-001.jpg", "holiday-at-the-sea-2024-0001.jpg", "holiday-at-the-sea-2024-2.jpg",
        "holiday-at-the-sea-2023.jpg", "a", "a0", "A", "b", "ä.jpg", "Äpfel.jpg", "apfel.jpg",
        "same.jpg", "same.jpg", "same.jpg", "x9", "x10", "x09", "x009", "x0", "x00",
    ].map { Array($0.utf8) } + [[0x62, 0x61, 0x64, 0xFF, 0x2E, 0x6A], [0x62, 0x61, 0x64, 0xFE, 0x2E, 0x6A]]

    func testNameOrderIsNaturalOrderOfTheKeysWithEqualNamesInDateOrder() {
        // Each name in its own folder (a folder may hold a name once); dates descending by index.
        let assets = awkwardNames.enumerated().map { i, name in
            Asset(id: AssetID(UInt32(i + 1)), path: RawPath(bytes: Array("/lib/Pictures/f\(i)/".utf8) + name),
                  mimeType: "image/jpeg", kind: .photo, sizeBytes: 1, modified: Fixture.seconds(2024, 1, 1) - Double(i),
                  albumID: .folder(RawPath("/lib/Pictures/f\(i)")))
        }
        let source = Fixture.source(assets)
        let shown = source.collection(of: .allPhotos, sort: .name).assetIDs
        // The definition: keys of the names as strings compared, equal names newest first.
        let expected = assets.sorted { a, b in
            let ka = NaturalOrder.key(a.name), kb = NaturalOrder.key(b.name)
            return ka != kb ? ka.lexicographicallyPrecedes(kb) : a.modified > b.modified
        }.map(\.id)
        XCTAssertEqual(shown, expected)
        XCTAssertEqual(Fixture.names(source, Array(shown.prefix(3))), ["A", "a", "a0"])
    }

    /// Date-stamped names (`IMG_20240501_140312.jpg`) share their first 16 key bytes within a
    /// day, so whole days are ordered by the full keys: runs of hundreds, with repeats
    /// (bursts: `_1`, `_2`), other prefixes and equal names among them.
    func testDateStampedNamesInLongRunsOfEqualHeads() {
        var random = SeededRandom(seed: 7)
        let assets = (0..<2_000).map { i -> Asset in
            let day = 1 + random.next(below: 3), second = random.next(below: 86_400)
            var name = String(format: "%@_202405%02d_%02d%02d%02d", random.next(below: 10) == 0 ? "VID" : "IMG", day,
                              second / 3600, second / 60 % 60, second % 60)
            if random.next(below: 4) == 0 { name += "_\(random.next(below: 12))" }
            name += random.next(below: 8) == 0 ? ".JPG" : ".jpg"
            return Asset(id: AssetID(UInt32(i + 1)), path: RawPath("/lib/Pictures/f\(i % 7)/" + name), mimeType: "image/jpeg",
                         kind: .photo, sizeBytes: 1, modified: Fixture.seconds(2024, 1, 1) - Double(i),
                         albumID: .folder(RawPath("/lib/Pictures/f\(i % 7)")))
        }
        let source = Fixture.source(assets)
        let shown = source.collection(of: .allPhotos, sort: .name).assetIDs
        let expected = assets.sorted { a, b in
            let ka = NaturalOrder.key(a.name), kb = NaturalOrder.key(b.name)
            return ka != kb ? ka.lexicographicallyPrecedes(kb) : a.modified > b.modified
        }.map(\.id)
        XCTAssertEqual(shown, expected)
    }

    func testNameOrderWithinGroupsKeepsGroups() {
        let assets = awkwardNames.enumerated().map { i, name in
            Asset(id: AssetID(UInt32(i + 1)), path: RawPath(bytes: Array("/lib/Pictures/f\(i)/".utf8) + name),
                  mimeType: "image/jpeg", kind: .photo, sizeBytes: 1,
                  modified: Fixture.seconds(2024, 1 + i % 3, 1), albumID: .folder(RawPath("/lib/Pictures/f\(i)")))
        }
        let collection = Fixture.source(assets).collection(of: .allPhotos, grouping: .month, sort: .name)
        XCTAssertEqual(collection.groups.count, 3)
        for group in collection.groups {
            let keys = group.assetIDs.map { NaturalOrder.key(assets[Int($0.rawValue) - 1].name) }
            XCTAssertEqual(keys, keys.sorted { $0.lexicographicallyPrecedes($1) }, group.title)
        }
    }

    // MARK: Selection

    func testSelectionWithIdentifiersTooLargeForTheFlatTable() {
        var selection = Selection()
        let huge = AssetID(UInt32.max - 1), big = AssetID(1 << 23)
        selection.pickAll([AssetID(5), huge, AssetID(1), big])
        XCTAssertEqual(selection.ordered, [AssetID(5), huge, AssetID(1), big])
        XCTAssertEqual(selection.index(of: huge), 1)
        XCTAssertEqual(selection.index(of: big), 3)
        selection.toggle(AssetID(5))
        XCTAssertEqual(selection.index(of: huge), 0, "positions follow a removal")
        XCTAssertNil(selection.index(of: AssetID(5)))
        selection.removeAll()
        XCTAssertFalse(selection.contains(huge))
        selection.undo()
        XCTAssertEqual(selection.ordered, [huge, AssetID(1), big])
        XCTAssertEqual(selection.index(of: big), 2, "undo restores the positions")
        XCTAssertFalse(selection.contains(AssetID(4)), "an identifier never picked, below the largest")
    }

    func testSelectAllThenClearThenUndoOnManyAssets() {
        var selection = Selection()
        let all = (1...5_000).map { AssetID(UInt32($0)) }.reversed().map { $0 }
        selection.pickAll(all)
        XCTAssertEqual(selection.ordered, all)
        XCTAssertEqual(selection.index(of: AssetID(1)), 4_999)
        selection.unpickAll(Array(all.prefix(10)))
        XCTAssertEqual(selection.index(of: AssetID(1)), 4_989)
        selection.removeAll()
        XCTAssertTrue(selection.isEmpty)
        XCTAssertFalse(selection.contains(AssetID(1)))
        selection.undo()
        XCTAssertEqual(selection.count, 4_990)
        XCTAssertEqual(selection.index(of: AssetID(4_990)), 0)
    }

    // MARK: Albums rebuilt batch by batch

    private func file(_ path: String, inode: UInt64, at date: Double) -> DiscoveredFile {
        DiscoveredFile(path: RawPath("/lib/Pictures/" + path), root: RawPath("/lib/Pictures"), mimeType: "image/jpeg",
                       kind: .photo, sizeBytes: 1, modified: date, device: 1, inode: inode)
    }

    func testAlbumsBuiltBatchByBatchEqualAlbumsBuiltAtOnce() {
        // Dates out of order across batches, equal dates (ordered by path), a deletion and a
        // re-added path in between: every rebuild must equal a library given the same files at once.
        var files: [DiscoveredFile] = []
        for i in 0..<300 {
            let date = Fixture.seconds(2024, 1, 1) + Double((i * 7_919) % 97) * 3600
            files.append(file("f\(i % 13)/IMG_\(i).jpg", inode: UInt64(i + 1), at: date))
        }
        let batched = PhotoLibrary(roots: [RawPath("/lib/Pictures")], now: { Fixture.seconds(2030, 1, 1) })
        var present: [DiscoveredFile] = []
        for batch in stride(from: 0, to: files.count, by: 40).map({ Array(files[$0..<min(files.count, $0 + 40)]) }) {
            batched.add(batch)
            present += batch
            if present.count == 120 {
                let gone = present.remove(at: 17)
                batched.apply(LibraryChangeSet(deleted: [gone.path]))
            }
            let once = PhotoLibrary(roots: [RawPath("/lib/Pictures")], now: { Fixture.seconds(2030, 1, 1) })
            once.add(present)
            XCTAssertEqual(batched.albums.map(\.id), once.albums.map(\.id))
            XCTAssertEqual(batched.albums.map { $0.assetIDs.compactMap { batched.asset($0)?.path } },
                           once.albums.map { $0.assetIDs.compactMap { once.asset($0)?.path } }, "after \(present.count)")
        }
    }
}
