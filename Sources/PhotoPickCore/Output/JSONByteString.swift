/// Byte strings in JSON text, lossless for bytes that are not valid UTF-8 (see `JSONValue`).
public enum JSONByteString {
    public static func encode(_ bytes: [UInt8], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                switch b {
                case UInt8(ascii: "\""): out += [0x5C, 0x22]
                case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                case 0..<0x20, 0x7F: out += escape(UInt16(b))
                default: out.append(b)
                }
                i += 1
            } else if let n = validSequenceLength(bytes, at: i) {
                out.append(contentsOf: bytes[i..<(i + n)])
                i += n
            } else {
                out += escape(0xDC00 | UInt16(b))
                i += 1
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Turns a decoded JSON string back into bytes: U+DC80…U+DCFF become the bytes 0x80…0xFF.
    public static func decode(_ string: String) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in string.unicodeScalars {
            if (0xDC80...0xDCFF).contains(scalar.value) {
                out.append(UInt8(scalar.value & 0xFF))
            } else {
                out += Array(String(scalar).utf8)
            }
        }
        return out
    }

    private static func escape(_ unit: UInt16) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        return [0x5C, UInt8(ascii: "u"),
                hex[Int(unit >> 12) & 0xF], hex[Int(unit >> 8) & 0xF], hex[Int(unit >> 4) & 0xF], hex[Int(unit) & 0xF]]
    }

    /// Length of the well-formed UTF-8 sequence starting at `i` (no overlongs, no surrogates).
    static func validSequenceLength(_ b: [UInt8], at i: Int) -> Int? {
        func cont(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < b.count && range.contains(b[i + k])
        }
        switch b[i] {
        case 0xC2...0xDF: return cont(1) ? 2 : nil
        case 0xE0: return cont(1, 0xA0...0xBF) && cont(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : nil
        case 0xED: return cont(1, 0x80...0x9F) && cont(2) ? 3 : nil
        case 0xF0: return cont(1, 0x90...0xBF) && cont(2) && cont(3) ? 4 : nil
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
        case 0xF4: return cont(1, 0x80...0x8F) && cont(2) && cont(3) ? 4 : nil
        default: return nil
        }
    }
}
