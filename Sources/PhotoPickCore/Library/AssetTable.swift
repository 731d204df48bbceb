/// The library's assets by identifier, each with the file (device and inode) it came from.
///
/// Identifiers are handed out densely (1, 2, 3…), so this is a flat array indexed by them: a
/// dictionary of 100,000 assets of a few hundred bytes each keeps its values in power-of-two
/// bucket storage at most ¾ full (more than twice the memory), and hashes on every access.
/// Each slot is a `CompactAsset` (112 bytes, fixed width): at a million assets an `Asset`
/// per slot, with its folder's path, took about 360 MB; this takes about 110.
///
/// The slots are kept in pages of a fixed size rather than one array: a scan adds a library
/// batch by batch without knowing its size, and one array grown for each batch was copied
/// whole each time, the old copy and the new both resident (67 MB more at 600,000 assets,
/// during a first scan's listing, the cold window's peak).
///
/// Paths are kept in a `PathArena` (folder once, then names), not as an array each: read
/// in place where the library compares or hashes them, made only when an asset is read.
struct AssetTable: Sendable {
    private var slots = PagedSlots()
    private var lists = CompactAssetLists()
    private var paths = PathArena()
    /// Assets with a value `CompactAsset` cannot hold, kept whole (pair photos, and values
    /// past its lists' widths).
    private var spill: [UInt32: Asset] = [:]
    private(set) var count = 0

    subscript(id: AssetID) -> Asset? {
        let i = Int(id.rawValue)
        guard i < slots.count, slots[i].isPresent else { return nil }
        if slots[i].flags.contains(.spilled) { return spill[id.rawValue] }
        return lists.asset(slots[i], id: id, path: paths.path(slots[i].path))
    }

    /// Whether the table has an asset with this identifier (nothing copied).
    func contains(_ id: AssetID) -> Bool {
        let i = Int(id.rawValue)
        return i < slots.count && slots[i].isPresent
    }

    func key(_ id: AssetID) -> FileIdentity? {
        let i = Int(id.rawValue)
        return i < slots.count && slots[i].isPresent ? slots[i].key : nil
    }

    /// Bytes the paths' names take in the arena (what a path stored again would add to).
    var pathNameBytes: Int { paths.nameBytes }

    /// Every identifier in use, in ascending order.
    var ids: [AssetID] {
        var out: [AssetID] = []
        out.reserveCapacity(count)
        for i in 0..<slots.count where slots[i].isPresent { out.append(AssetID(UInt32(i))) }
        return out
    }

    /// Room for identifiers up to `n`: the list of pages (the pages come as they fill).
    mutating func reserveCapacity(_ n: Int) { slots.reserveCapacity(n + 1) }

    /// The path of an asset, without making the rest of it (the search reads a million).
    func path(_ id: AssetID) -> RawPath? {
        let i = Int(id.rawValue)
        return i < slots.count && slots[i].isPresent ? paths.path(slots[i].path) : nil
    }

    /// Whether `id` is an asset at `path` (compared in place).
    func hasPath(_ id: AssetID, _ path: RawPath) -> Bool {
        let i = Int(id.rawValue)
        return i < slots.count && slots[i].isPresent && paths.holds(slots[i].path, path)
    }

    /// Feeds `id`'s path to `hasher` as `RawPath.hash(into:)` would; false when there is no `id`.
    func hashPath(_ id: AssetID, into hasher: inout Hasher) -> Bool {
        let i = Int(id.rawValue)
        guard i < slots.count, slots[i].isPresent else { return false }
        paths.hash(slots[i].path, into: &hasher)
        return true
    }

    /// Whether `a`'s path comes before `b`'s in byte order (both must be present).
    func pathPrecedes(_ a: AssetID, _ b: AssetID) -> Bool {
        assert(slots[Int(a.rawValue)].isPresent && slots[Int(b.rawValue)].isPresent, "pathPrecedes of an absent asset")
        return paths.precedes(slots[Int(a.rawValue)].path, slots[Int(b.rawValue)].path)
    }

    mutating func set(_ asset: Asset, key: FileIdentity) {
        let i = Int(asset.id.rawValue)
        if slots.count <= i { slots.grow(to: i + 1) }  // identifiers come in order: usually one slot
        // An update (a refinement, a change on disk) keeps its path: stored once, not again.
        let path: PathArena.Ref
        if slots[i].isPresent, paths.holds(slots[i].path, asset.path) {
            path = slots[i].path
        } else {
            if !slots[i].isPresent { count += 1 }
            path = paths.store(asset.path)
        }
        if let compact = lists.compact(asset, key: key, path: path) {
            slots[i] = compact
            spill[asset.id.rawValue] = nil
        } else {
            slots[i] = .spilled(asset, key: key, path: path)
            spill[asset.id.rawValue] = asset
        }
    }

    mutating func remove(_ id: AssetID) {
        let i = Int(id.rawValue)
        guard i < slots.count, slots[i].isPresent else { return }
        slots[i] = .absent  // lets go of the path
        spill[id.rawValue] = nil
        count -= 1
    }
}
