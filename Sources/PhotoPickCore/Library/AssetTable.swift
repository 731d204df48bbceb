/// The library's assets by identifier, each with the file (device and inode) it came from.
///
/// Identifiers are handed out densely (1, 2, 3…), so this is a flat array indexed by them: a
/// dictionary of 100,000 assets of a few hundred bytes each keeps its values in power-of-two
/// bucket storage at most ¾ full (more than twice the memory), and hashes on every access.
struct AssetTable {
    private var slots: [(asset: Asset, key: FileIdentity)?] = []
    private(set) var count = 0

    subscript(id: AssetID) -> Asset? {
        let i = Int(id.rawValue)
        return i < slots.count ? slots[i]?.asset : nil
    }

    /// Whether the table has an asset with this identifier (nothing copied).
    func contains(_ id: AssetID) -> Bool {
        let i = Int(id.rawValue)
        return i < slots.count && slots[i] != nil
    }

    func key(_ id: AssetID) -> FileIdentity? {
        let i = Int(id.rawValue)
        return i < slots.count ? slots[i]?.key : nil
    }

    /// Every identifier in use, in ascending order.
    var ids: [AssetID] {
        var out: [AssetID] = []
        out.reserveCapacity(count)
        for (i, slot) in slots.enumerated() where slot != nil { out.append(AssetID(UInt32(i))) }
        return out
    }

    /// Room for identifiers up to `n`. Grows at least twofold: a scan reserves before each
    /// batch, and growing to the exact size each time copied every slot on every batch.
    mutating func reserveCapacity(_ n: Int) {
        guard n + 1 > slots.capacity else { return }
        slots.reserveCapacity(max(n + 1, slots.capacity * 2))
    }

    /// The path of an asset, without copying the rest of it (the search reads a million).
    func path(_ id: AssetID) -> RawPath? {
        let i = Int(id.rawValue)
        return i < slots.count ? slots[i]?.asset.path : nil
    }

    mutating func set(_ asset: Asset, key: FileIdentity) {
        let i = Int(asset.id.rawValue)
        while slots.count <= i { slots.append(nil) }  // identifiers come in order: usually once
        if slots[i] == nil { count += 1 }
        slots[i] = (asset, key)
    }

    mutating func remove(_ id: AssetID) {
        let i = Int(id.rawValue)
        guard i < slots.count, slots[i] != nil else { return }
        slots[i] = nil
        count -= 1
    }
}
