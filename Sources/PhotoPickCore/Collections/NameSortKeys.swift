/// The natural-order keys (`NaturalOrder.key`) of many names, for sorting by name: all in
/// one buffer, each key's first 16 bytes also held as two big-endian integers. Comparing
/// those settles nearly every pair of camera names (`img_` and the number fit) without
/// touching the buffer; a million names then sort in a few hundred milliseconds instead of
/// a million allocations and array comparisons taking seconds.
struct NameSortKeys {
    private var bytes: [UInt8] = []
    /// Key `i` is `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first).
    private var ends: [Int] = []
    private var heads: [UInt64] = []
    private var tails: [UInt64] = []

    init(count: Int, name: (Int) -> String) {
        ends.reserveCapacity(count)
        heads.reserveCapacity(count)
        tails.reserveCapacity(count)
        bytes.reserveCapacity(count * 24)
        var zeros: [UInt8] = []
        for i in 0..<count {
            let start = bytes.count
            NaturalOrder.appendKey(name(i), to: &bytes, zeros: &zeros)
            ends.append(bytes.count)
            heads.append(Self.bigEndian(bytes, from: start, to: bytes.count))
            tails.append(Self.bigEndian(bytes, from: start + 8, to: bytes.count))
        }
    }

    /// Whether key `a` sorts before key `b`: natural order, and the lower index for equal names.
    func precedes(_ a: Int, _ b: Int) -> Bool {
        if heads[a] != heads[b] { return heads[a] < heads[b] }
        if tails[a] != tails[b] { return tails[a] < tails[b] }
        let startA = a == 0 ? 0 : ends[a - 1], startB = b == 0 ? 0 : ends[b - 1]
        let countA = ends[a] - startA, countB = ends[b] - startB
        // The first 16 bytes (or all of the shorter key) are equal: compare what follows.
        var i = min(16, countA, countB)
        while i < min(countA, countB) {
            let x = bytes[startA + i], y = bytes[startB + i]
            if x != y { return x < y }
            i += 1
        }
        return countA != countB ? countA < countB : a < b
    }

    /// Eight bytes from `from` as a big-endian integer, zeros past `to`.
    private static func bigEndian(_ bytes: [UInt8], from: Int, to: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in from..<(from + 8) { value = value << 8 | UInt64(i < to ? bytes[i] : 0) }
        return value
    }
}
