/// A plain ASCII word found in ASCII names ignoring case: what most keystrokes are, and the
/// search's inner loop at a million names. The scan looks only for the word's first byte (in
/// either case) and compares the rest where it occurs; nothing is allocated per name.
///
/// Only for names whose bytes are all below 0x80: a non-ASCII character may lowercase to an
/// ASCII one (K, the Kelvin sign, to k), which only `Glob`'s Unicode folding knows.
struct ASCIIWord: Sendable, Hashable {
    /// The word, lowercased.
    let lowered: [UInt8]
    /// The first byte's two cases (the same byte twice when it is not a letter).
    private let firstLower: UInt8, firstUpper: UInt8

    /// Nil for an empty word or one with a byte at or above 0x80.
    init?(_ word: some Collection<UInt8>) {
        guard !word.isEmpty, word.allSatisfy({ $0 < 0x80 }) else { return nil }
        lowered = word.map(Self.lower)
        firstLower = lowered[0]
        firstUpper = Self.isLowerLetter(firstLower) ? firstLower - 0x20 : firstLower
    }

    /// Whether the ASCII `name` contains the word, ignoring case.
    @inline(__always)
    func isFound(in name: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = lowered.count
        guard name.count >= n, let base = name.baseAddress else { return false }
        return lowered.withUnsafeBufferPointer { word in
            let w = word.baseAddress!
            let last = name.count - n
            var start = 0
            while start <= last {
                let c = base[start]
                if c == firstLower || c == firstUpper {
                    var i = 1
                    while i < n && Self.lower(base[start + i]) == w[i] { i += 1 }
                    if i == n { return true }
                }
                start += 1
            }
            return false
        }
    }

    @inline(__always)
    static func lower(_ c: UInt8) -> UInt8 { c &- 0x41 < 26 ? c | 0x20 : c }

    private static func isLowerLetter(_ c: UInt8) -> Bool { c &- 0x61 < 26 }
}
