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
struct AssetTable: Sendable {
    private var slots = PagedSlots()
    private var lists = CompactAssetLists()
    /// Assets with a value `CompactAsset` cannot hold, kept whole (none in practice).
    private var spill: [UInt32: Asset] = [:]
    private(set) var count = 0

    subscript(id: AssetID) -> Asset? {
        let i = Int(id.rawValue)
        guard i < slots.count, slots[i].isPresent else { return nil }
        if slots[i].flags.contains(.spilled) { return spill[id.rawValue] }
        return lists.asset(slots[i], id: id)
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
        return i < slots.count && slots[i].isPresent ? slots[i].path : nil
    }

    mutating func set(_ asset: Asset, key: FileIdentity) {
        let i = Int(asset.id.rawValue)
        if slots.count <= i { slots.grow(to: i + 1) }  // identifiers come in order: usually one slot
        if !slots[i].isPresent { count += 1 }
        if let compact = lists.compact(asset, key: key) {
            slots[i] = compact
            spill[asset.id.rawValue] = nil
        } else {
            slots[i] = .spilled(asset, key: key)
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
