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

    mutating func reserveCapacity(_ n: Int) { slots.reserveCapacity(n + 1) }

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
