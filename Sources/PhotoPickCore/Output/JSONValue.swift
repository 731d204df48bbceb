/// A JSON document built in memory and written as UTF-8.
///
/// Strings may be byte strings (file names): their valid UTF-8 is written as text and
/// every byte that is not valid UTF-8 as a lone surrogate escape `\udcXX` (0x80–0xFF →
/// U+DC80–U+DCFF), the scheme of PEP 383 "surrogateescape". Python's `json` + `os.fsencode`
/// undo it; so does `JSONByteString.decode` here. Object keys keep their insertion order.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case bytes([UInt8])
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }

    /// Compact JSON text.
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out, indent: nil, level: 0)
        return out
    }

    /// Indented JSON text, two spaces a level.
    public func pretty() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out, indent: 2, level: 0)
        return out
    }

    private func write(into out: inout [UInt8], indent: Int?, level: Int) {
        func newline(_ level: Int) {
            guard let indent else { return }
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: indent * level))
        }
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .int(let i): out += Array(String(i).utf8)
        case .double(let d):
            out += Array((d.isFinite ? Self.format(d) : "null").utf8)
        case .string(let s): JSONByteString.encode(Array(s.utf8), into: &out)
        case .bytes(let b): JSONByteString.encode(b, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1)
                item.write(into: &out, indent: indent, level: level + 1)
            }
            if !items.isEmpty { newline(level) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(level + 1)
                JSONByteString.encode(Array(key.utf8), into: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(0x20) }
                value.write(into: &out, indent: indent, level: level + 1)
            }
            if !members.isEmpty { newline(level) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func format(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }
}
