/// MIME types and `type/*` wildcards, compared ignoring case. In Text, below Assets: the
/// restriction a caller puts on the library matches them as well as the window's filters.
public enum MIMEPattern {
    public static func isValid(_ pattern: String) -> Bool {
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, parts[0] != "*" else { return false }
        return pattern.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0 != ";" && $0 != "," }
    }

    public static func matches(_ pattern: String, _ mimeType: String) -> Bool {
        let p = pattern.lowercased(), m = mimeType.lowercased()
        if p.hasSuffix("/*") { return m.hasPrefix(p.dropLast()) }
        return p == m
    }
}
