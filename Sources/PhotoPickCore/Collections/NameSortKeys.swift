/// Sorting by name (`NaturalOrder`) a million at a time. Each name's natural-order key is
/// computed once, straight from the path's bytes, and only its first 16 bytes
/// are kept, as two big-endian integers: for camera names (`img_` and the number) those
/// differ, so the sort compares integers. Where two heads are equal the full keys decide,
/// computed then for those names only. Same order as comparing `NaturalOrder.key`s, ties
/// (equal names) by position.
struct NameSortKeys {
    private let names: AssetNames
    private let ids: [AssetID]
    private var heads: [UInt64]
    private var tails: [UInt64]

    init(_ ids: [AssetID], names: AssetNames) {
        self.ids = ids
        self.names = names
        var heads: [UInt64] = [], tails: [UInt64] = []
        heads.reserveCapacity(ids.count)
        tails.reserveCapacity(ids.count)
        var key: [UInt8] = [], zeros: [UInt8] = []
        for id in ids {
            key.removeAll(keepingCapacity: true)
            Self.appendKey(id, names, to: &key, zeros: &zeros, limit: 16)
            heads.append(Self.bigEndian(key, from: 0))
            tails.append(Self.bigEndian(key, from: 8))
        }
        self.heads = heads
        self.tails = tails
    }

    /// Sorts `order` (positions in `ids`) by name, equal names by position.
    func sort(_ order: inout ArraySlice<Int>) {
        order.sort { a, b in
            if heads[a] != heads[b] { return heads[a] < heads[b] }
            if tails[a] != tails[b] { return tails[a] < tails[b] }
            return a < b
        }
        // Runs of equal heads (date-stamped names: a whole day's): ordered by their full keys,
        // written one after another into one buffer that every run reuses. The keys' next 16
        // bytes, as two integers again, decide nearly all (the time of day); the rest of the
        // key only where those are equal too.
        var keys: [UInt8] = [], bounds: [Int] = [], members: [Int] = [], local: [Int] = [], zeros: [UInt8] = []
        var nextHeads: [UInt64] = [], nextTails: [UInt64] = []
        var start = order.startIndex
        while start < order.endIndex {
            var end = start + 1
            while end < order.endIndex, heads[order[end]] == heads[order[start]], tails[order[end]] == tails[order[start]] {
                end += 1
            }
            if end - start > 1 {
                keys.removeAll(keepingCapacity: true)
                bounds.removeAll(keepingCapacity: true)
                nextHeads.removeAll(keepingCapacity: true)
                nextTails.removeAll(keepingCapacity: true)
                bounds.append(0)
                for i in order[start..<end] {
                    let from = keys.count
                    Self.appendKey(ids[i], names, to: &keys, zeros: &zeros)
                    bounds.append(keys.count)
                    nextHeads.append(Self.bigEndian(keys, from: from + 16))
                    nextTails.append(Self.bigEndian(keys, from: from + 24))
                }
                members.removeAll(keepingCapacity: true)
                members.append(contentsOf: order[start..<end])
                local.removeAll(keepingCapacity: true)
                local.append(contentsOf: members.indices)
                keys.withUnsafeBufferPointer { k in
                    local.sort { a, b in
                        if nextHeads[a] != nextHeads[b] { return nextHeads[a] < nextHeads[b] }
                        if nextTails[a] != nextTails[b] { return nextTails[a] < nextTails[b] }
                        // The first 32 bytes are equal (zeros past a key's end): the rest decides.
                        let restA = min(bounds[a] + 32, bounds[a + 1])..<bounds[a + 1]
                        let restB = min(bounds[b] + 32, bounds[b + 1])..<bounds[b + 1]
                        let order = Self.compare(k[restA], k[restB])
                        return order != 0 ? order < 0 : members[a] < members[b]
                    }
                }
                for (offset, l) in local.enumerated() { order[start + offset] = members[l] }
            }
            start = end
        }
    }

    /// -1, 0 or 1: `a` against `b` byte by byte, a prefix first.
    private static func compare(_ a: Slice<UnsafeBufferPointer<UInt8>>, _ b: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var i = a.startIndex, j = b.startIndex
        while i < a.endIndex, j < b.endIndex {
            if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
            i += 1
            j += 1
        }
        return i < a.endIndex ? 1 : j < b.endIndex ? -1 : 0
    }

    /// The key of the asset's name, as `NaturalOrder.key(asset.name)` has it: from the bytes
    /// when they are ASCII (the same as the string's), else from the name as a string (which
    /// reads bytes that are not UTF-8 as U+FFFD).
    private static func appendKey(_ id: AssetID, _ names: AssetNames, to key: inout [UInt8], zeros: inout [UInt8],
                                  limit: Int = .max) {
        let done = names.withName(id) { bytes -> Bool in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            NaturalOrder.appendKey(bytes, to: &key, zeros: &zeros, limit: limit)
            return true
        }
        if done == false { NaturalOrder.appendKey(names.name(id) ?? "", to: &key, zeros: &zeros) }
        if done == nil { NaturalOrder.appendKey("", to: &key, zeros: &zeros) }
    }

    /// Eight bytes of `key` from `from` as a big-endian integer, zeros past its end.
    private static func bigEndian(_ key: [UInt8], from: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in from..<(from + 8) { value = value << 8 | UInt64(i < key.count ? key[i] : 0) }
        return value
    }
}
