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

    /// Turns a JSON string literal (quotes included, as `encode` writes it) back into bytes:
    /// `\udc80`…`\udcff` become the bytes 0x80…0xFF. Works on the JSON text because a
    /// Swift `String` cannot hold lone surrogates (JSONSerialization rejects them). Nil if malformed.
    public static func decode(_ literal: [UInt8]) -> [UInt8]? {
        var input = literal[...]
        guard input.popFirst() == UInt8(ascii: "\""), input.popLast() == UInt8(ascii: "\"") else { return nil }
        var out: [UInt8] = []
        func hex4() -> UInt32? {
            guard input.count >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = FileURI.hexValue(input.removeFirst()) else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while let b = input.popFirst() {
            if b == UInt8(ascii: "\"") || b < 0x20 { return nil }  // must have been escaped
            guard b == UInt8(ascii: "\\") else { out.append(b); continue }
            switch input.popFirst() {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var unit = hex4() else { return nil }
                if (0xDC80...0xDCFF).contains(unit) { out.append(UInt8(unit & 0xFF)); continue }
                if (0xD800...0xDBFF).contains(unit) {  // a surrogate pair must follow
                    guard input.popFirst() == UInt8(ascii: "\\"), input.popFirst() == UInt8(ascii: "u"),
                          let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(unit) else { return nil }
                out += Array(String(scalar).utf8)
            default: return nil
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
