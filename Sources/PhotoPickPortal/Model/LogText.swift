/// Text for the backend's log lines, which the journal keeps one per line: a caller's value
/// can neither forge a line (control characters are escaped) nor flood one (long values are cut).
public enum LogText {
    /// A caller's value: escaped, and cut to `limit` characters with "…".
    public static func value(_ text: String, limit: Int = 120) -> String {
        // Scalars, not characters: one character may hold any number of combining marks.
        let head = text.unicodeScalars.prefix(limit + 1)
        let cut = head.count > limit
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: cut ? head.prefix(limit) : head)
        // Backslashes doubled here, so an escape in the log is always ours.
        return line(String(kept).replacingOccurrences(of: "\\", with: "\\\\")) + (cut ? "…" : "")
    }

    /// A whole line: every control character (newline, carriage return, escape sequences,
    /// U+2028/9 line separators) written as `\n`, `\r`, `\t` or `\u{XX}`.
    public static func line(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v) || v == 0x2028 || v == 0x2029 {
                    out += "\\u{" + String(v, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `text` cut to `limit` Unicode scalars, the last of them "…"; unchanged when shorter.
    public static func cutForDisplay(_ text: String, _ limit: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars.prefix(limit - 1))
        return String(kept) + "…"
    }
}
