/// A map from keys to asset identifiers that stores only the identifiers: a hash set of
/// them whose keys are read back from where the assets keep them (`keyOf`), or compared and
/// hashed right there (`matches`, `hashOf`: the paths in the asset table's arena), not stored again.
///
/// At a million assets a `[FileIdentity: AssetID]` took 2^21 slots of 20 bytes (about 42 MB),
/// a `[RawPath: AssetID]` 2^21 of 12 (25 MB); this takes 4 bytes a slot (8 MB). Open
/// addressing with linear probing, at most 70 % full, and backward-shift deletion (no
/// tombstones, so lookups never slow down under churn).
///
/// The caller keeps one rule: while an identifier is in the table, `keyOf` gives the key it
/// was set under (an asset that changes file leaves the table first). Identifier 0 is
/// never an asset's, so it marks an empty slot.
struct IdentifierTable<Key: Equatable>: Sendable {
    private var slots: [UInt32] = []
    private(set) var count = 0
    /// Where a key starts probing; tests inject a poor one to force collisions.
    private let hash: @Sendable (Key) -> UInt64

    init(hash: @escaping @Sendable (Key) -> UInt64) {
        self.hash = hash
    }

    /// The identifier set for `key`, if any.
    func holder(of key: Key, keyOf: (AssetID) -> Key?) -> AssetID? {
        holder(hash: hash(key)) { keyOf($0) == key }
    }

    /// Sets `id` as the holder of `key`, replacing any other. `id` must not be 0 and must not
    /// be in the table under another key.
    mutating func set(_ id: AssetID, for key: Key, keyOf: (AssetID) -> Key?) {
        let hash = self.hash
        set(id, hash: hash(key), matches: { keyOf($0) == key }, hashOf: { keyOf($0).map(hash) })
    }

    /// Removes the holder of `key`; returns it.
    @discardableResult
    mutating func remove(_ key: Key, keyOf: (AssetID) -> Key?) -> AssetID? {
        let hash = self.hash
        return remove(hash: hash(key), matches: { keyOf($0) == key }, hashOf: { keyOf($0).map(hash) })
    }

    // MARK: Keys compared where they are kept

    // The same operations for a caller that compares and hashes keys in place (`PathTable`
    // over the table's path arena) rather than making each key it reads back: `hash` is the
    // key's, `matches` says whether an identifier holds it, `hashOf` hashes an identifier's
    // key (nil when it has none), all as `hash` would.

    func holder(hash: UInt64, matches: (AssetID) -> Bool) -> AssetID? {
        guard let i = find(hash, matches).found else { return nil }
        return AssetID(slots[i])
    }

    mutating func set(_ id: AssetID, hash: UInt64, matches: (AssetID) -> Bool, hashOf: (AssetID) -> UInt64?) {
        precondition(id.rawValue != 0, "asset identifier 0 marks an empty slot")
        if (count + 1) * 10 > slots.count * 7 { grow(to: count + 1, hashOf: hashOf) }
        let place = find(hash, matches)
        if let i = place.found {
            slots[i] = id.rawValue
        } else {
            slots[place.empty] = id.rawValue
            count += 1
        }
    }

    /// Where a key is: held by an identifier, or free at a slot it may be filled in.
    enum Place: Equatable {
        case held(AssetID)
        case free(slot: Int)
    }

    /// The key's place, with room made first for one more: a lookup that may be followed by
    /// `fill` (an addition probes once, not once to look and once to insert). Nothing else may
    /// change the table between the two.
    mutating func place(hash: UInt64, matches: (AssetID) -> Bool, hashOf: (AssetID) -> UInt64?) -> Place {
        if (count + 1) * 10 > slots.count * 7 { grow(to: count + 1, hashOf: hashOf) }
        let found = find(hash, matches)
        return found.found.map { .held(AssetID(slots[$0])) } ?? .free(slot: found.empty)
    }

    /// Sets `id` (not 0) at the free slot `place` gave.
    mutating func fill(_ slot: Int, with id: AssetID) {
        precondition(id.rawValue != 0 && slots[slot] == 0, "fill takes a free slot `place` gave")
        slots[slot] = id.rawValue
        count += 1
    }

    @discardableResult
    mutating func remove(hash: UInt64, matches: (AssetID) -> Bool, hashOf: (AssetID) -> UInt64?) -> AssetID? {
        guard let found = find(hash, matches).found else { return nil }
        let removed = AssetID(slots[found])
        // Backward shift: move later entries of the run up into the hole unless that would
        // put one before its home slot, so every entry stays reachable from its home.
        let mask = slots.count - 1
        var hole = found
        var j = found
        while true {
            j = (j + 1) & mask
            let id = slots[j]
            if id == 0 { break }
            guard let entryHash = hashOf(AssetID(id)) else { continue }
            let home = Int(truncatingIfNeeded: entryHash) & mask
            // The entry may move to the hole when its home is not cyclically in (hole, j].
            let homeAfterHole = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j)
            if !homeAfterHole {
                slots[hole] = id
                hole = j
            }
        }
        slots[hole] = 0
        count -= 1
        return removed
    }

    /// Room for `n` entries without growing.
    mutating func reserveCapacity(_ n: Int, hashOf: (AssetID) -> UInt64?) {
        if n * 10 > slots.count * 7 { grow(to: n, hashOf: hashOf) }
    }

    /// How many slots there are (the memory is four bytes each).
    var capacity: Int { slots.count }

    /// Every identifier in the table, in no particular order.
    var ids: [AssetID] { slots.compactMap { $0 == 0 ? nil : AssetID($0) } }

    /// The slot holding the key (`matches`), else the empty slot where it would go.
    private func find(_ hash: UInt64, _ matches: (AssetID) -> Bool) -> (found: Int?, empty: Int) {
        guard !slots.isEmpty else { return (nil, 0) }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = slots[i]
            if id == 0 { return (nil, i) }
            if matches(AssetID(id)) { return (i, i) }
            i = (i + 1) & mask
        }
    }

    /// Rehashes into the smallest power of two that holds `n` at most 70 % full. Entries
    /// whose key is gone (the caller broke its rule) cannot be placed and are dropped.
    private mutating func grow(to n: Int, hashOf: (AssetID) -> UInt64?) {
        var size = max(slots.count, 8)
        while n * 10 > size * 7 { size *= 2 }
        let old = slots
        slots = [UInt32](repeating: 0, count: size)
        count = 0
        let mask = size - 1
        for id in old where id != 0 {
            guard let hash = hashOf(AssetID(id)) else { continue }
            var i = Int(truncatingIfNeeded: hash) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = id
            count += 1
        }
    }
}

/// The asset shown for each file (device and inode).
typealias HolderTable = IdentifierTable<FileIdentity>

extension IdentifierTable where Key == FileIdentity {
    init() { self.init(hash: Self.mix) }

    /// splitmix64's finalizer over both halves: inodes are dense small numbers, so their
    /// low bits alone would cluster.
    @Sendable static func mix(_ key: FileIdentity) -> UInt64 {
        var z = key.inode &+ key.device &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The asset of each path (a shown file's path; other paths to it are not in it).
typealias PathTable = IdentifierTable<RawPath>

extension IdentifierTable where Key == RawPath {
    init() { self.init(hash: Self.hashPath) }

    /// The standard library's hash of the bytes (seeded per process; the table lives in one).
    @Sendable static func hashPath(_ path: RawPath) -> UInt64 {
        var hasher = Hasher()
        path.hash(into: &hasher)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    // The library's table: its paths are compared and hashed in the table's arena, never made.

    func holder(of path: RawPath, in table: AssetTable) -> AssetID? {
        holder(hash: Self.hashPath(path)) { table.hasPath($0, path) }
    }

    mutating func place(of path: RawPath, in table: AssetTable) -> Place {
        place(hash: Self.hashPath(path), matches: { table.hasPath($0, path) }, hashOf: { Self.hashPath(of: $0, in: table) })
    }

    @discardableResult
    mutating func remove(_ path: RawPath, in table: AssetTable) -> AssetID? {
        remove(hash: Self.hashPath(path), matches: { table.hasPath($0, path) }, hashOf: { Self.hashPath(of: $0, in: table) })
    }

    mutating func reserveCapacity(_ n: Int, in table: AssetTable) {
        reserveCapacity(n) { Self.hashPath(of: $0, in: table) }
    }

    /// `hashPath` of `id`'s path, read in the table's arena.
    private static func hashPath(of id: AssetID, in table: AssetTable) -> UInt64? {
        var hasher = Hasher()
        guard table.hashPath(id, into: &hasher) else { return nil }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}
