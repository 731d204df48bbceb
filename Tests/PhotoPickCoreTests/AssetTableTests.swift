@testable import PhotoPickCore
import XCTest

/// `AssetTable` keeps each asset in fixed-width fields (`CompactAsset`): whatever goes in
/// must come out exactly, for every field, at its extremes and with odd bytes, and the table
/// must behave as a plain dictionary of whole assets would under any mix of sets and removals.
final class AssetTableTests: XCTestCase {
    private let folder = RawPath(bytes: Array("/lib/\u{1F600} odd".utf8) + [0xFF, 0x0A])

    private func asset(_ id: UInt32, name: [UInt8], modified: Double = 1_700_000_000, kind: MediaKind = .photo,
                       mime: String = "image/jpeg", album: AlbumID? = nil, metadata: AssetMetadata = AssetMetadata()) -> Asset {
        let path = folder.appending(component: name)
        return Asset(id: AssetID(id), path: path, mimeType: mime, kind: kind, sizeBytes: Int64(id) * 1_000_003,
                     modified: modified, albumID: album ?? .folder(path.parent), metadata: metadata)
    }

    /// Every field set, unset, and at the ends of what validation lets through.
    private var variety: [Asset] {
        let full = AssetMetadata(pixelWidth: 1 << 20, pixelHeight: 1, orientation: 8,
                                 captureDate: CaptureDate(seconds: RepresentableTime.earliest, utcOffset: -18 * 3600),
                                 dateSource: .exif, location: GeoLocation(latitude: -90, longitude: 180, altitude: -1e7),
                                 cameraMake: "Ğ Make\n", cameraModel: String(repeating: "long model name ", count: 8),
                                 rating: -1, isScreenshot: true, durationSeconds: 3.1e9)
        let partial = AssetMetadata(pixelWidth: 4000, pixelHeight: 3000, orientation: 1,
                                    captureDate: CaptureDate(seconds: RepresentableTime.latest), dateSource: .fileName,
                                    location: GeoLocation(latitude: 90, longitude: -180), cameraModel: "",
                                    rating: 5, durationSeconds: 0)
        let extremes: [Double] = [Double(Int64.max), -Double.infinity, .nan, 1e308, -62_135_596_801, 0, -0.5]
        var out = extremes.enumerated().map { i, t in asset(UInt32(1 + i), name: Array("e\(i).jpg".utf8), modified: t) }
        out.append(asset(20, name: [0xFE, 0x0A, 0x01] + Array(" ünï.mov".utf8), kind: .video, mime: "video/quicktime", metadata: full))
        out.append(asset(21, name: Array("p.png".utf8), mime: "image/png", metadata: partial))
        out.append(asset(22, name: Array("smart.jpg".utf8), album: .screenshots,
                         metadata: AssetMetadata(captureDate: CaptureDate(seconds: 9e9, utcOffset: 0), dateSource: .xmp)))
        out.append(asset(1_000, name: Array("far.jpg".utf8), metadata: AssetMetadata(rating: 0, isScreenshot: true)))
        // Pair facts: kept whole beside the table, and read back as they went in.
        out.append(asset(23, name: Array("IMG_1.HEIC".utf8), mime: "image/heic",
                         metadata: AssetMetadata(contentIdentifier: "5B1C2D3E-0000-4000-8000-00000000000A")))
        out.append(asset(24, name: Array("PXL_1.MP.jpg".utf8),
                         metadata: AssetMetadata(motionVideo: ByteRange(offset: 1_000, length: 20_000))))
        return out
    }

    private func key(_ a: Asset) -> FileIdentity { FileIdentity(device: UInt64.max - UInt64(a.id.rawValue), inode: UInt64(a.id.rawValue) << 40) }

    private func assertHolds(_ table: AssetTable, exactly reference: [AssetID: Asset], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(table.count, reference.count, file: file, line: line)
        XCTAssertEqual(table.ids, reference.keys.sorted(), file: file, line: line)
        for (id, a) in reference {
            XCTAssertEqual(table[id], a, file: file, line: line)
            XCTAssertEqual(table[id]?.modifiedIsKnown, a.modifiedIsKnown, file: file, line: line)
            XCTAssertEqual(table.key(id), key(a), file: file, line: line)
            XCTAssertEqual(table.path(id), a.path, file: file, line: line)
            XCTAssertTrue(table.contains(id), file: file, line: line)
        }
    }

    func testEveryFieldComesBackExactly() {
        var table = AssetTable()
        var reference: [AssetID: Asset] = [:]
        for a in variety {
            table.set(a, key: key(a))
            reference[a.id] = a
        }
        assertHolds(table, exactly: reference)
        XCTAssertTrue(variety.contains { !$0.modifiedIsKnown }, "the extremes include a time that cannot be named")
        for missing in [AssetID(0), AssetID(8), AssetID(999), AssetID(1_001), AssetID(UInt32.max)] {
            XCTAssertNil(table[missing])
            XCTAssertNil(table.key(missing))
            XCTAssertNil(table.path(missing))
            XCTAssertFalse(table.contains(missing))
        }
    }

    /// Sets (new and replacing, with another kind, type and camera), removals and re-sets,
    /// against a dictionary of whole assets.
    func testEqualsADictionaryOfWholeAssetsUnderChange() {
        var table = AssetTable()
        var reference: [AssetID: Asset] = [:]
        var random = SystemRandomNumberGenerator()
        let pool = variety
        for step in 0..<3_000 {
            let id = UInt32.random(in: 1...300, using: &random)
            if Bool.random(using: &random), reference[AssetID(id)] != nil {
                table.remove(AssetID(id))
                reference[AssetID(id)] = nil
            } else {
                let base = pool[step % pool.count]
                let a = Asset(id: AssetID(id), path: base.path, mimeType: step % 3 == 0 ? "image/heic" : base.mimeType,
                              kind: base.kind, sizeBytes: Int64(step), modified: base.modified, albumID: base.albumID,
                              metadata: step % 5 == 0 ? AssetMetadata(cameraMake: "Make \(step % 7)") : base.metadata)
                table.set(a, key: key(a))
                reference[a.id] = a
            }
        }
        assertHolds(table, exactly: reference)
    }

    /// An asset set again at its own path (a refinement, a change on disk) keeps the path it
    /// had: a million refined files do not store a million paths twice. A new path, or an
    /// identifier set again after removal, is stored.
    func testASetAtTheSamePathStoresItOnce() {
        var table = AssetTable()
        let assets = (1...500).map { asset(UInt32($0), name: Array("IMG_\($0).jpg".utf8)) }
        for a in assets { table.set(a, key: key(a)) }
        let stored = table.pathNameBytes
        for round in 0..<3 {
            for a in assets {
                let refined = Asset(id: a.id, path: a.path, mimeType: "image/heic", kind: .photo, sizeBytes: Int64(round),
                                    modified: a.modified, albumID: a.albumID, metadata: AssetMetadata(pixelWidth: 100 + round))
                table.set(refined, key: key(refined))
                XCTAssertEqual(table[a.id], refined)
            }
        }
        XCTAssertEqual(table.pathNameBytes, stored, "updates at the same path store nothing")
        let moved = asset(1, name: Array("moved.jpg".utf8))
        table.set(moved, key: key(moved))
        XCTAssertEqual(table.path(moved.id), moved.path)
        XCTAssertGreaterThan(table.pathNameBytes, stored, "another path is stored")
    }

    /// More distinct cameras than a slot can name: the rest are kept whole, still exact.
    func testValuesBeyondTheCompactRangeAreKeptWhole() {
        var table = AssetTable()
        var reference: [AssetID: Asset] = [:]
        for i in 0..<70_000 {
            let a = asset(UInt32(i + 1), name: Array("IMG_\(i).jpg".utf8),
                          metadata: AssetMetadata(cameraMake: "Maker", cameraModel: "Model \(i)"))
            table.set(a, key: key(a))
            reference[a.id] = a
        }
        assertHolds(table, exactly: reference)
        table.remove(AssetID(69_000))
        reference[AssetID(69_000)] = nil
        assertHolds(table, exactly: reference)
    }

    /// Identifiers on both sides of page boundaries, skipped ones, one far past the rest, and
    /// a table grown batch by batch with `reserveCapacity` before each (as a scan does): the
    /// same as a dictionary, and the paged slots exactly as many as the highest identifier needs.
    func testHoldsAssetsAcrossPagesAsAScanAddsThem() {
        var table = AssetTable()
        var reference: [AssetID: Asset] = [:]
        let page = PagedSlots.pageSize
        let ids = [1, page - 1, page, page + 1, 2 * page - 1, 2 * page, 3 * page + 7] + Array(4 * page..<(4 * page + 300))
        for batch in stride(from: 0, to: ids.count, by: 50) {
            let slice = ids[batch..<min(ids.count, batch + 50)]
            table.reserveCapacity(slice.last!)
            for id in slice {
                let a = asset(UInt32(id), name: Array("IMG_\(id).jpg".utf8))
                table.set(a, key: key(a))
                reference[a.id] = a
            }
        }
        assertHolds(table, exactly: reference)
        for gone in [page - 1, page, 3 * page + 7] {
            table.remove(AssetID(UInt32(gone)))
            reference[AssetID(UInt32(gone))] = nil
        }
        assertHolds(table, exactly: reference)
        for never in [0, 2, page - 2, 2 * page + 1, 3 * page, 4 * page + 300, 10 * page] {
            XCTAssertNil(table[AssetID(UInt32(never))], "\(never)")
            XCTAssertFalse(table.contains(AssetID(UInt32(never))))
        }
    }
}

/// `PagedSlots`: an array in pages that grows without copying what it holds.
final class PagedSlotsTests: XCTestCase {
    private var paths = PathArena()

    private func slot(_ i: Int) -> CompactAsset {
        var s = CompactAsset.absent
        s.path = paths.store(RawPath(bytes: Array("/p/\(i)".utf8)))
        s.sizeBytes = Int64(i)
        s.flags = [.present]
        return s
    }

    /// Grown one slot at a time and in jumps across pages: every slot reads back as written,
    /// new ones absent, and the count exact.
    func testGrowsInStepsAndJumpsKeepingEverySlot() {
        var slots = PagedSlots()
        let page = PagedSlots.pageSize
        var expected: [Int: Int64] = [:]
        for target in [1, 2, page - 1, page, page + 1, 3 * page + 5, 3 * page + 5, 5 * page] {
            slots.reserveCapacity(target)
            slots.grow(to: target)
            XCTAssertEqual(slots.count, target)
            for i in stride(from: 0, to: target, by: 97) where expected[i] == nil {
                slots[i] = slot(i)
                expected[i] = Int64(i)
            }
        }
        slots[5 * page - 1] = slot(5 * page - 1)
        expected[5 * page - 1] = Int64(5 * page - 1)
        for i in 0..<slots.count {
            if let size = expected[i] {
                XCTAssertTrue(slots[i].isPresent, "\(i)")
                XCTAssertEqual(slots[i].sizeBytes, size)
                XCTAssertEqual(paths.path(slots[i].path), RawPath(bytes: Array("/p/\(i)".utf8)))
            } else {
                XCTAssertFalse(slots[i].isPresent, "\(i)")
            }
        }
        slots.grow(to: 3)  // never shrinks
        XCTAssertEqual(slots.count, 5 * page)
    }

    /// A slot changed in place leaves every other slot, on its page and others, as it was.
    func testWritesInPlaceTouchOnlyTheirSlot() {
        var slots = PagedSlots()
        slots.grow(to: 2 * PagedSlots.pageSize + 1)
        slots[PagedSlots.pageSize].flags = [.present]
        slots[PagedSlots.pageSize].sizeBytes = 42
        XCTAssertEqual(slots[PagedSlots.pageSize].sizeBytes, 42)
        let present = (0..<slots.count).filter { slots[$0].isPresent }
        XCTAssertEqual(present, [PagedSlots.pageSize])
    }
}
