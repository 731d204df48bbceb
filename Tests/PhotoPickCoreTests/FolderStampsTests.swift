@testable import PhotoPickCore
import XCTest

/// `FolderStamps` must answer exactly as the `[RawPath: FileStamp]` it replaced, under every
/// way the snapshot changes it: one path at a time, in batches (with removals and repeats),
/// odd byte names, paths outside the folder, files on another device, emptied folders.
final class FolderStampsTests: XCTestCase {
    /// Names that sort close together or oddly: shared 8-byte heads, a name that is another's
    /// head, bytes above 0x7F (not UTF-8), NUL, the empty name, 255 bytes.
    private static let oddNames: [[UInt8]] = [
        Array("IMG_0001.jpg".utf8), Array("IMG_0001.jpg~".utf8), Array("IMG_0001.JPG".utf8), Array("IMG_000".utf8),
        [0xFF, 0xFE, 0x2E, 0x6A], [0x80], [0xC3, 0xA9, 0x2E, 0x6A, 0x70, 0x67], [0x65, 0xCC, 0x81], [0x61, 0x00, 0x62],
        [], Array(repeating: 0x7A, count: 255), Array(repeating: 0x7A, count: 254), Array("a".utf8), Array("b".utf8),
    ]

    private func randomName(_ rng: inout SplitMix, space: Int) -> [UInt8] {
        let n = Int.random(in: 0..<(space + Self.oddNames.count), using: &rng)
        return n < Self.oddNames.count ? Self.oddNames[n] : Array("P\(n * 7919 % 100_003).jpg".utf8)
    }

    private func randomStamp(_ rng: inout SplitMix) -> FileStamp {
        // Mostly one device, as in a folder; sometimes a bind-mounted file's, or none known.
        let device: UInt64 = [1, 1, 1, 1, 2, 0, UInt64.max][Int.random(in: 0..<7, using: &rng)]
        return FileStamp(sizeBytes: Int64.random(in: -1...Int64.max, using: &rng), modified: Double(Int.random(in: -5...5, using: &rng)) / 3,
                         device: device, inode: device == 0 ? 0 : UInt64.random(in: 0...UInt64.max, using: &rng))
    }

    private func path(_ folder: [UInt8], _ name: [UInt8]) -> RawPath {
        RawPath(bytes: folder == [0x2F] ? folder + name : folder + [0x2F] + name)
    }

    func testMatchesDictionaryUnderRandomUse() {
        for seed: UInt64 in 1...8 {
            var rng = SplitMix(state: seed)
            let folder: [UInt8] = seed % 3 == 0 ? Array("/".utf8) : seed % 3 == 1 ? Array("/lib/a".utf8) : [0x2F, 0xFF, 0x80]
            var stamps = seed % 2 == 0 ? FolderStamps(folder: RawPath(bytes: folder)) : FolderStamps()
            var reference: [RawPath: FileStamp] = [:]
            let space = seed < 4 ? 30 : 600
            func randomPath() -> RawPath {
                // Now and then a path outside the folder: the shared prefix shortens, nothing is lost.
                Int.random(in: 0..<40, using: &rng) == 0
                    ? path(Array("/lib/b".utf8), randomName(&rng, space: 5)) : path(folder, randomName(&rng, space: space))
            }
            // 1,250 steps: the map is as full as it gets by about step 600, then churns.
            var shortened = 0, namesDropped = 0, mostHeld = 0
            for step in 0..<1_250 {
                let (folderBefore, namesBefore) = (stamps.folder, stamps.names.count)
                switch Int.random(in: 0..<10, using: &rng) {
                case 0...4:
                    let p = randomPath(), s = randomStamp(&rng)
                    stamps[p] = s
                    reference[p] = s
                case 5...6:
                    let p = randomPath()
                    XCTAssertEqual(stamps.removeValue(forKey: p), reference.removeValue(forKey: p), "seed \(seed) step \(step)")
                case 7:
                    let p = randomPath()
                    stamps[p] = nil
                    reference[p] = nil
                default:
                    // A batch: repeats and removals among the changes, applied in order.
                    var changes: [(path: RawPath, stamp: FileStamp?)] = []
                    for _ in 0..<Int.random(in: 0...60, using: &rng) {
                        let p = changes.isEmpty || Bool.random(using: &rng) ? randomPath() : changes.randomElement(using: &rng)!.path
                        changes.append((p, Int.random(in: 0..<4, using: &rng) == 0 ? nil : randomStamp(&rng)))
                    }
                    stamps.apply(changes)
                    for change in changes { reference[change.path] = change.stamp }
                }
                if folderBefore != nil && stamps.folder != folderBefore { shortened += 1 }
                if stamps.names.count < namesBefore { namesDropped += 1 }
                mostHeld = max(mostHeld, stamps.count)
                if step % 97 == 0 { assertSame(stamps, reference, "seed \(seed) step \(step)", probes: (0..<20).map { _ in randomPath() }) }
            }
            assertSame(stamps, reference, "seed \(seed) end", probes: [])
            // The run met what it is for: the shared prefix shortened by a path outside the
            // folder (not possible below "/"), names' bytes let go, and a folder filled up.
            if folder != [0x2F] { XCTAssertGreaterThanOrEqual(shortened, 1, "seed \(seed)") }
            XCTAssertGreaterThanOrEqual(namesDropped, 50, "seed \(seed)")
            XCTAssertGreaterThanOrEqual(mostHeld, space * 2 / 3, "seed \(seed)")
        }
    }

    private func assertSame(_ stamps: FolderStamps, _ reference: [RawPath: FileStamp], _ label: String, probes: [RawPath]) {
        XCTAssertEqual(stamps.count, reference.count, label)
        XCTAssertEqual(stamps.isEmpty, reference.isEmpty, label)
        for (p, s) in reference { XCTAssertEqual(stamps[p], s, "\(label): \(p)") }
        for p in probes { XCTAssertEqual(stamps[p], reference[p], "\(label): probe \(p)") }
        let sorted = reference.keys.sorted()
        XCTAssertEqual(stamps.keys, sorted, "\(label): paths in byte order")
        XCTAssertEqual(stamps.map(\.key), sorted, label)
        XCTAssertEqual(stamps.map(\.value), sorted.map { reference[$0]! }, label)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: stamps.map { ($0.key, $0.value) }), reference, label)
    }

    func testDuplicatesInABatchKeepTheLastAndEmptyBatchesChangeNothing() {
        let a = RawPath("/lib/a.jpg"), b = RawPath("/lib/b.jpg")
        var stamps = FolderStamps(folder: RawPath("/lib"))
        let changes: [(path: RawPath, stamp: FileStamp?)] = (0..<20).map { (a, FileStamp(sizeBytes: Int64($0), modified: 0)) }
            + [(b, FileStamp(sizeBytes: 1, modified: 1)), (b, nil), (a, FileStamp(sizeBytes: 99, modified: 2, device: 3, inode: 4))]
        stamps.apply(changes)
        XCTAssertEqual(stamps.count, 1)
        XCTAssertEqual(stamps[a], FileStamp(sizeBytes: 99, modified: 2, device: 3, inode: 4))
        XCTAssertNil(stamps[b], "removed after it was set")
        stamps.apply([])
        XCTAssertEqual(stamps.keys, [a])
        stamps.apply((0..<12).map { _ in (a, nil) })
        XCTAssertTrue(stamps.isEmpty)
        XCTAssertEqual(stamps, [:], "an emptied folder equals an empty one")
    }

    func testAFileOnAnotherDeviceKeepsItsOwn() {
        let folder = RawPath("/lib")
        var stamps = FolderStamps(folder: folder)
        let paths = (0..<30).map { RawPath("/lib/\($0).jpg") }
        for (i, p) in paths.enumerated() { stamps[p] = FileStamp(sizeBytes: 1, modified: 1, device: i == 7 ? 9 : 5, inode: UInt64(i)) }
        XCTAssertEqual(stamps[paths[7]]?.device, 9, "a bind-mounted file")
        XCTAssertEqual(stamps[paths[8]]?.device, 5)
        stamps[paths[0]] = nil  // the first, whose device the folder took
        stamps[paths[8]] = FileStamp(sizeBytes: 1, modified: 1, device: 9, inode: 8)
        XCTAssertEqual(stamps[paths[8]]?.device, 9)
        stamps.apply(paths.map { (path: $0, stamp: FileStamp?.some(FileStamp(sizeBytes: 2, modified: 2, device: 6, inode: 1))) })
        XCTAssertEqual(Set(stamps.map(\.value.device)), [6], "all moved to one device")
        stamps[paths[3]] = FileStamp(sizeBytes: 2, modified: 2, device: 0, inode: 0)
        XCTAssertEqual(stamps[paths[3]]?.device, 0)
        XCTAssertEqual(stamps[paths[4]]?.device, 6)
    }

    func testEqualityIgnoresHowEachSideWasBuilt() {
        let files = (0..<50).map { (path: RawPath("/lib/x/\($0).jpg"), stamp: FileStamp(sizeBytes: Int64($0), modified: 1)) }
        var batch = FolderStamps()
        batch.apply(files.map { ($0.path, FileStamp?.some($0.stamp)) })
        var one: FolderStamps = [:]
        for file in files.reversed() { one[file.path] = file.stamp }
        XCTAssertEqual(batch, one)
        // A path outside the folder, set and removed, leaves a shorter shared prefix.
        one[RawPath("/other.jpg")] = FileStamp(sizeBytes: 1, modified: 1)
        XCTAssertNotEqual(batch, one)
        one[RawPath("/other.jpg")] = nil
        XCTAssertEqual(batch, one)
        XCTAssertEqual(one.keys, files.map(\.path).sorted())
        one[files[3].path] = FileStamp(sizeBytes: 1000, modified: 1)
        XCTAssertNotEqual(batch, one, "a changed stamp")
    }

    func testManyRemovalsCompactTheNamesWithoutLosingAny() {
        var stamps = FolderStamps()
        var reference: [RawPath: FileStamp] = [:]
        for i in 0..<3_000 {
            let p = RawPath("/lib/\(String(repeating: "n", count: i % 40))\(i).jpg")
            stamps[p] = FileStamp(sizeBytes: Int64(i), modified: 0)
            reference[p] = FileStamp(sizeBytes: Int64(i), modified: 0)
        }
        for p in reference.keys.sorted() where p.bytes.count % 3 != 0 {
            stamps[p] = nil
            reference[p] = nil
        }
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: stamps.map { ($0.key, $0.value) }), reference)
        XCTAssertLessThan(stamps.names.count, 3_000 * 45 / 2, "the removed names' bytes were let go")
    }

    func testSnapshotSetStampsEqualsSetStampInOrder() {
        var rng = SplitMix(state: 42)
        let folders = ["/lib", "/lib/a", "/lib/b", "/other"]
        var batched: LibrarySnapshot = [:], single: LibrarySnapshot = [:]
        for round in 0..<60 {
            var changes: [(path: RawPath, stamp: FileStamp?)] = []
            for _ in 0..<Int.random(in: 0...80, using: &rng) {
                let folder = Array(folders.randomElement(using: &rng)!.utf8)
                changes.append((path(folder, randomName(&rng, space: 20)), Int.random(in: 0..<3, using: &rng) == 0 ? nil : randomStamp(&rng)))
            }
            batched.setStamps(changes)
            for change in changes { single.setStamp(change.stamp, for: change.path) }
            XCTAssertEqual(batched, single, "round \(round)")
            XCTAssertFalse(batched.values.contains(where: \.isEmpty), "an emptied folder goes")
        }
    }
}
