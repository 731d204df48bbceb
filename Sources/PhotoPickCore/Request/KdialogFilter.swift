/// kdialog's file filter argument (`--getopenfilename DIR FILTER`) as named filters. kdialog
/// has taken three forms over the years, and callers still write all of them:
///
/// - KDE's own: lines `PATTERNS|Description`, separated by newlines (`\n` in the argument
///   is one, as kdialog reads escapes): `"*.jpg *.png|Images\n*|All files"`.
/// - Qt's, which kdialog 19.12 and later pass to QFileDialog (Chromium writes it when the
///   installed kdialog is that new): entries `Description (PATTERNS)` separated by `|` or
///   newlines: `"Images (*.jpg *.png)|All Files (*)"`.
/// - MIME types, when the filter holds no `*`: `"image/jpeg image/png"`. As in KDE's file
///   dialog, several types get a first filter that passes them all, then one filter each;
///   `application/octet-stream` stands for all files.
///
/// The first filter is in effect. Words that cannot be a pattern or a type are left out,
/// each with a warning.
public enum KdialogFilter {
    public struct Parsed: Sendable, Equatable {
        public var filters: [NamedFilter]
        public var warnings: [String]
    }

    public static func parse(_ argument: String) -> Parsed {
        let text = unescaped(argument).trimmingWhitespace
        var parsed = Parsed(filters: [], warnings: [])
        if text.isEmpty { return parsed }
        if !text.contains("*") { return mimeTypes(text) }
        for line in text.split(separator: "\n").map({ String($0).trimmingWhitespace }) where !line.isEmpty {
            let parts = line.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace }
            if parts.count == 2, isPatternList(parts[0]), !isPatternList(parts[1]) {
                add(words: parts[0], name: parts[1], to: &parsed)  // KDE: PATTERNS|Description
            } else {
                for entry in parts where !entry.isEmpty { add(qtEntry: entry, to: &parsed) }
            }
        }
        return parsed
    }

    /// kdialog's escapes: `\n` is a newline, `\\` a backslash; any other backslash stays.
    public static func unescaped(_ text: String) -> String {
        var out = ""
        var escaped = false
        for c in text {
            if escaped {
                escaped = false
                switch c {
                case "\\": out.append("\\")
                case "n": out.append("\n")
                default: out.append("\\"); out.append(c)
                }
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        if escaped { out.append("\\") }
        return out
    }

    private static func mimeTypes(_ text: String) -> Parsed {
        var parsed = Parsed(filters: [], warnings: [])
        var types: [String] = []
        var allFiles = false
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            if word.lowercased() == "application/octet-stream" { allFiles = true }
            else if MIMEPattern.isValid(word) { if !types.contains(word) { types.append(word) } }
            else { parsed.warnings.append("filter: '\(word)' is neither a file name pattern nor a MIME type; left out") }
        }
        if types.count > 1 { parsed.filters.append(NamedFilter(name: "All supported files", mimeTypes: types)) }
        parsed.filters += types.map { NamedFilter(name: $0, mimeTypes: [$0]) }
        if allFiles { parsed.filters.append(NamedFilter(name: "All files", patterns: ["*"])) }
        return parsed
    }

    /// Qt's `Description (PATTERNS)`, or bare patterns named by themselves.
    private static func add(qtEntry entry: String, to parsed: inout Parsed) {
        if entry.hasSuffix(")"), let open = entry.lastIndex(of: "(") {
            let inside = entry[entry.index(after: open)..<entry.index(before: entry.endIndex)]
            add(words: String(inside), name: String(entry[..<open]).trimmingWhitespace, to: &parsed)
        } else {
            add(words: entry, name: "", to: &parsed)
        }
    }

    private static func add(words text: String, name: String, to parsed: inout Parsed) {
        var filter = NamedFilter(name: name)
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            if word.contains("/") {
                if MIMEPattern.isValid(word) { filter.mimeTypes.append(word) }
                else { parsed.warnings.append("filter: '\(word)' cannot match a file name; left out") }
            } else {
                filter.patterns.append(word)
            }
        }
        guard !filter.patterns.isEmpty || !filter.mimeTypes.isEmpty else {
            parsed.warnings.append("filter: '\(name.isEmpty ? text : name)' has no patterns; left out")
            return
        }
        if filter.name.isEmpty { filter.name = (filter.patterns + filter.mimeTypes).joined(separator: " ") }
        parsed.filters.append(filter)
    }

    /// Words that are all globs (`*.jpg *.png`), as on the left of KDE's `|`.
    private static func isPatternList(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace)
        return !words.isEmpty && words.allSatisfy { $0.contains("*") || $0.contains("?") || $0.contains("[") }
    }
}
