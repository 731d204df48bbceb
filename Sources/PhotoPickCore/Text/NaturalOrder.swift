/// "Natural" order for names people read: case-insensitive, and runs of digits compare by
/// their numeric value, so `album2` < `album10` and `IMG_9` < `img_10`.
///
/// One definition serves both uses: `key(_:)` turns a name into bytes whose plain
/// lexicographic order *is* natural order (for sorting 100,000 names, computing each key
/// once), and `compare` compares two keys.
///
/// Rules, in order: case-folded text, digit runs by value (longer significant run = larger),
/// a digit run sorts where the character `0` would; then fewer leading zeros first
/// (`7` < `07`); then the exact UTF-8 bytes, so distinct names never compare equal.
public enum NaturalOrder {
    /// -1, 0 or 1; 0 only for identical strings.
    public static func compare(_ a: String, _ b: String) -> Int {
        let ka = key(a), kb = key(b)
        if ka == kb { return 0 }
        return ka.lexicographicallyPrecedes(kb) ? -1 : 1
    }

    /// The sort key. File names hold no NUL, so 0x00 safely separates the sections.
    public static func key(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 8)
        var zeros: [UInt8] = []
        appendKey(s, to: &out, zeros: &zeros)
        return out
    }

    /// Appends `s`'s key to `out`: sorting a million names writes every key into one buffer
    /// instead of allocating a million. `zeros` is scratch space, reused between calls.
    static func appendKey(_ s: String, to out: inout [UInt8], zeros: inout [UInt8]) {
        var s = s
        s.withUTF8 { bytes in appendKey(bytes, to: &out, zeros: &zeros) }
    }

    /// With a `limit`, only the key's first `limit` bytes are right (what follows is cut short):
    /// enough to compare most names by their heads.
    static func appendKey(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], zeros: inout [UInt8],
                          limit: Int = .max) {
        zeros.removeAll(keepingCapacity: true)  // leading-zero counts, the second tie-breaker
        let end = limit == .max ? .max : out.count + limit
        var i = 0
        while i < bytes.count {
            if out.count >= end { return }
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                var start = i
                while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
                let runEnd = i
                var leading = 0
                while start < runEnd - 1, bytes[start] == 0x30 { start += 1; leading += 1 }
                let length = runEnd - start
                // The digit class byte '0', then the significant length (big-endian), then the digits.
                out.append(0x30)
                out.append(UInt8(truncatingIfNeeded: length >> 8))
                out.append(UInt8(truncatingIfNeeded: length))
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<runEnd]))
                zeros.append(UInt8(min(leading, 255)))
            } else if b < 0x80 {
                out.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
                i += 1
            } else {
                // Non-ASCII: fold one scalar at a time (rare in camera names, so not the fast path).
                var end = i + 1
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                let piece = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self)
                out.append(contentsOf: piece.lowercased().utf8)
                i = end
            }
        }
        out.append(0)
        out.append(contentsOf: zeros)
        out.append(0)
        out.append(contentsOf: bytes)
    }
}
