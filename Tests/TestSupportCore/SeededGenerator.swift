/// A deterministic random number generator (SplitMix64), so property tests are repeatable.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A byte string biased towards the bytes that break encoders: quotes, backslashes,
    /// control characters, UTF-8 lead and continuation bytes, and whole valid sequences.
    public mutating func trickyBytes(maxLength: Int) -> [UInt8] {
        let pieces: [[UInt8]] = [
            [0x22], [0x5C], [0x2F], [0x0A], [0x09], [0x0D], [0x00], [0x1F], [0x7F], [0x25], [0x23], [0x3F], [0x20],
            [0xED, 0xA0, 0x80], [0xED, 0xB2, 0x80], [0xC0, 0xAF], [0xE0, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
            Array("é".utf8), Array("€".utf8), Array("😀".utf8), Array("a".utf8), Array("Z".utf8),
        ]
        let length = Int.random(in: 0...maxLength, using: &self)
        var out: [UInt8] = []
        while out.count < length {
            if Bool.random(using: &self) {
                out += pieces.randomElement(using: &self)!
            } else {
                out.append(UInt8.random(in: 0...255, using: &self))
            }
        }
        return out
    }
}
