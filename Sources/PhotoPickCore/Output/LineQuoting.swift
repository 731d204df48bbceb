/// The `lines` format's one escape: a path that contains a newline byte cannot be one
/// line, so it is written in bash's ANSI-C quoting, `$'…'`, as GNU `ls` does.
///
/// Every path is absolute, so a raw line starts with `/` and a quoted one with `$'`:
/// the two never mix up. Inside the quotes `\\`, `\'`, `\n`, `\t`, `\r` and `\xHH` (two
/// hex digits, for the other control bytes) are escapes; every other byte is itself,
/// so names that are not valid UTF-8 stay raw bytes here too.
public enum LineQuoting {
    public static func needsQuoting(_ path: [UInt8]) -> Bool { path.contains(0x0A) }

    /// The line for `path`, without its terminating newline.
    public static func line(for path: [UInt8]) -> [UInt8] {
        guard needsQuoting(path) else { return path }
        var out: [UInt8] = [UInt8(ascii: "$"), UInt8(ascii: "'")]
        let hex = Array("0123456789abcdef".utf8)
        for b in path {
            switch b {
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case UInt8(ascii: "'"): out += [0x5C, UInt8(ascii: "'")]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0..<0x20, 0x7F: out += [0x5C, UInt8(ascii: "x"), hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "'"))
        return out
    }

    /// The path a line stands for: raw bytes, or the unquoted `$'…'` form. Nil if malformed.
    public static func path(fromLine line: [UInt8]) -> [UInt8]? {
        guard line.starts(with: [UInt8(ascii: "$"), UInt8(ascii: "'")]) else { return line }
        guard line.count >= 3, line.last == UInt8(ascii: "'") else { return nil }
        var input = line[2..<(line.count - 1)]
        var out: [UInt8] = []
        while let b = input.popFirst() {
            if b == UInt8(ascii: "'") { return nil }  // must have been escaped
            guard b == 0x5C else { out.append(b); continue }
            switch input.popFirst() {
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "'"): out.append(UInt8(ascii: "'"))
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "x"):
                guard input.count >= 2, let hi = FileURI.hexValue(input.removeFirst()),
                      let lo = FileURI.hexValue(input.removeFirst()) else { return nil }
                out.append(hi << 4 | lo)
            default: return nil
            }
        }
        return out
    }
}
