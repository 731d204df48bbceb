@testable import PhotoPickCore
import XCTest

/// `HolderTable` must answer exactly as the `[FileIdentity: AssetID]` it replaced, under the
/// library's use: holders set, replaced (a stale holder whose asset keeps the key), released,
/// assets changing file or going, with hashes that collide, cluster and wrap around the end.
final class HolderTableTests: XCTestCase {
    private let hashes: [(String, @Sendable (FileIdentity) -> UInt64)] = [
        ("mix", HolderTable.mix),
        ("three buckets", { $0.inode % 3 }),
        ("all at the last slot", { _ in UInt64.max }),
        ("raw inode", { $0.inode }),
    ]

    func testMatchesDictionaryUnderRandomUse() {
        for (name, hash) in hashes {
            for (seed, keySpace) in [(UInt64(1), 40), (2, 400), (3, 5_000)] {
                run(hash: hash, seed: seed, keySpace: keySpace, steps: name == "mix" ? 40_000 : 6_000, label: "\(name) seed \(seed)")
            }
        }
    }

    private func run(hash: @escaping @Sendable (FileIdentity) -> UInt64, seed: UInt64, keySpace: Int, steps: Int, label: String) {
        var rng = SplitMix(state: seed)
        var table = HolderTable(hash: hash)
        var reference: [FileIdentity: AssetID] = [:]
        // The asset table: every asset's file, shown or not, by identifier (an array: the
        // reference is looked up on every probe, and a dictionary made it the test's cost).
        var keys: [FileIdentity?] = [nil]
        var live: [AssetID] = [], liveIndex: [Int] = [0]  // the assets there are, to pick one at random
        var seen = Coverage()
        func randomKey() -> FileIdentity {
            let n = UInt64(Int.random(in: 0..<keySpace, using: &rng))
            return FileIdentity(device: n % 2 == 0 ? 0 : UInt64.max, inode: n / 2)
        }
        func keyOf(_ id: AssetID) -> FileIdentity? { Int(id.rawValue) < keys.count ? keys[Int(id.rawValue)] : nil }
        func randomAsset() -> AssetID? { live.isEmpty ? nil : live[Int.random(in: 0..<live.count, using: &rng)] }
        func assetGoes(_ id: AssetID) {
            let i = liveIndex[Int(id.rawValue)], last = live.removeLast()
            if last != id { live[i] = last; liveIndex[Int(last.rawValue)] = i }
            keys[Int(id.rawValue)] = nil
        }
        for step in 0..<steps {
            let capacityBefore = table.capacity
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...3:  // a new asset shows its file; an older holder of it becomes stale
                let key = randomKey(), id = AssetID(UInt32(keys.count))
                keys.append(key)
                liveIndex.append(live.count)
                live.append(id)
                if reference[key] != nil { seen.staleReplaced += 1 }
                table.set(id, for: key, keyOf: keyOf)
                reference[key] = id
            case 4:  // an asset changes file: it leaves its old key first, as the library's `release`
                guard let id = randomAsset() else { continue }
                let old = keyOf(id)!, new = randomKey()
                if reference[old] == id {
                    reference[old] = nil
                    XCTAssertEqual(table.remove(old, keyOf: keyOf), id, label)
                    seen.holderMoved += 1
                }
                keys[Int(id.rawValue)] = new
                table.set(id, for: new, keyOf: keyOf)
                reference[new] = id
            case 5, 6:  // an asset goes: released if it was the holder
                guard let id = randomAsset() else { continue }
                let key = keyOf(id)!
                if reference[key] == id {
                    reference[key] = nil
                    XCTAssertEqual(table.remove(key, keyOf: keyOf), id, label)
                    seen.holderGone += 1
                }
                assetGoes(id)
            case 7:  // a key released whoever holds it, or nobody
                let key = randomKey()
                let holder = reference.removeValue(forKey: key)
                if holder == nil { seen.nobodyReleased += 1 }
                XCTAssertEqual(table.remove(key, keyOf: keyOf), holder, label)
            case 8:
                table.reserveCapacity(reference.count + Int.random(in: 0..<50, using: &rng), hashOf: { keyOf($0).map(hash) })
            default:
                let key = randomKey()
                XCTAssertEqual(table.holder(of: key, keyOf: keyOf), reference[key], "\(label) step \(step)")
            }
            XCTAssertEqual(table.count, reference.count, "\(label) step \(step)")
            if table.capacity > capacityBefore { seen.growths += 1 }
            seen.mostHeld = max(seen.mostHeld, table.count)
            if step % 997 == 0 { assertSame(table, reference, keyOf: keyOf, hash: hash, keySpace: keySpace, label) }
        }
        assertSame(table, reference, keyOf: keyOf, hash: hash, keySpace: keySpace, label)
        // The run met every case it is for: holders replaced while stale, moved, gone and
        // released, keys released that nobody held, the table grown with all it held.
        XCTAssertGreaterThan(seen.staleReplaced, 0, label)
        XCTAssertGreaterThan(seen.holderMoved, 0, label)
        XCTAssertGreaterThan(seen.holderGone, 0, label)
        XCTAssertGreaterThan(seen.nobodyReleased, 0, label)
        XCTAssertGreaterThanOrEqual(seen.growths, 3, label)
        XCTAssertGreaterThanOrEqual(seen.mostHeld, min(keySpace, 2000) / 5, label)
    }

    /// How often a run met each case.
    private struct Coverage {
        var staleReplaced = 0, holderMoved = 0, holderGone = 0, nobodyReleased = 0, growths = 0, mostHeld = 0
    }

    /// Every held key names its holder, and keys nobody holds are not found. An absent key's
    /// lookup walks the run from its home slot to the first empty one whatever the key is, so
    /// 16 absent keys per home slot are asked (every one under a hash that spreads keys;
    /// under one that sends them all to one slot, the rest would repeat the same walk).
    private func assertSame(_ table: HolderTable, _ reference: [FileIdentity: AssetID], keyOf: (AssetID) -> FileIdentity?,
                            hash: (FileIdentity) -> UInt64, keySpace: Int, _ label: String) {
        let mask = max(table.capacity, 1) - 1
        var absentAsked: [Int: Int] = [:]
        for n in 0..<UInt64(keySpace) {
            let key = FileIdentity(device: n % 2 == 0 ? 0 : UInt64.max, inode: n / 2)
            let holder = reference[key]
            if holder == nil {
                let home = Int(truncatingIfNeeded: hash(key)) & mask
                guard absentAsked[home, default: 0] < 16 else { continue }
                absentAsked[home, default: 0] += 1
            }
            XCTAssertEqual(table.holder(of: key, keyOf: keyOf), holder, "\(label) key \(n)")
        }
        XCTAssertEqual(Set(table.ids), Set(reference.values), label)
    }

    /// `place` then `fill` (the library's one probe per added file) answers as a lookup then a
    /// set would: a held key names its holder, a free one is filled where later lookups find
    /// it, through growth, removals and colliding hashes.
    func testPlaceThenFillMatchesLookupThenSet() {
        for (name, hash) in hashes {
            var rng = SplitMix(state: 7)
            var table = HolderTable(hash: hash)
            var reference: [FileIdentity: AssetID] = [:]
            var keys: [AssetID: FileIdentity] = [:]
            var nextID: UInt32 = 1
            func keyOf(_ id: AssetID) -> FileIdentity? { keys[id] }
            for step in 0..<6_000 {
                let key = FileIdentity(device: 1, inode: UInt64.random(in: 0..<700, using: &rng))
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    if let id = reference.removeValue(forKey: key) {
                        XCTAssertEqual(table.remove(key, keyOf: keyOf), id, "\(name) step \(step)")
                        keys[id] = nil
                    }
                    continue
                }
                switch table.place(hash: hash(key), matches: { keyOf($0) == key }, hashOf: { keyOf($0).map(hash) }) {
                case .held(let id):
                    XCTAssertEqual(id, reference[key], "\(name) step \(step): held by its holder")
                case .free(let slot):
                    XCTAssertNil(reference[key], "\(name) step \(step): free only when nobody holds it")
                    let id = AssetID(nextID)
                    nextID += 1
                    keys[id] = key
                    table.fill(slot, with: id)
                    reference[key] = id
                }
                XCTAssertEqual(table.count, reference.count, "\(name) step \(step)")
            }
            for (key, id) in reference { XCTAssertEqual(table.holder(of: key, keyOf: keyOf), id, name) }
        }
    }

    /// Removing from the middle of a run that wraps past the last slot keeps the rest reachable.
    func testRemovalInsideWrappedRun() {
        var keys: [AssetID: FileIdentity] = [:]
        var table = HolderTable(hash: { _ in UInt64.max })
        for i in 1...5 as ClosedRange<UInt32> {
            keys[AssetID(i)] = FileIdentity(device: 7, inode: UInt64(i))
            table.set(AssetID(i), for: keys[AssetID(i)]!, keyOf: { keys[$0] })
        }
        XCTAssertEqual(table.remove(FileIdentity(device: 7, inode: 2), keyOf: { keys[$0] }), AssetID(2))
        for i in [1, 3, 4, 5] as [UInt32] {
            XCTAssertEqual(table.holder(of: FileIdentity(device: 7, inode: UInt64(i)), keyOf: { keys[$0] }), AssetID(i))
        }
        XCTAssertNil(table.holder(of: FileIdentity(device: 7, inode: 2), keyOf: { keys[$0] }))
        XCTAssertEqual(table.count, 4)
    }

    /// A million holders take 2^21 four-byte slots (the dictionary took 20 bytes a slot).
    func testMillionFitsInTwoToTheTwentyOneSlots() {
        var table = HolderTable()
        table.reserveCapacity(1_000_000, hashOf: { _ in nil })
        XCTAssertEqual(table.capacity, 1 << 21)
    }
}
