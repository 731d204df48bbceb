/// Edits of a `portals.conf` line by line, so that everything else in the file — comments,
/// blank lines, order, spacing — stays byte for byte. Lines are read as GLib's key file parser
/// reads them (which xdg-desktop-portal uses): leading whitespace skipped, `#` and blank lines
/// comments, `[name]` a group (a group named twice is one group), `key = value` with the
/// spaces around `=` dropped, and the last of two equal keys wins.
public enum PortalsConfText {
    public static let group = "preferred"
    public static let fileChooserKey = DelegateChoice.fileChooserInterface
    /// photopick's `.portal` file's name, what `portals.conf` names a backend by.
    public static let photopick = "photopick"

    enum Line: Equatable {
        case comment
        case group(String)
        case key(String, value: String)
        case other
    }

    /// One line (without its `\n`; a `\r` before it is dropped, as GLib drops it).
    static func classify(_ raw: ArraySlice<UInt8>) -> Line {
        var line = raw
        if line.last == 0x0D { line = line.dropLast() }
        while let first = line.first, isSpace(first) { line = line.dropFirst() }
        guard let first = line.first, first != UInt8(ascii: "#") else { return .comment }
        if first == UInt8(ascii: "["), let close = line.firstIndex(of: UInt8(ascii: "]")),
           line[line.index(after: close)...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            return .group(String(decoding: line[line.index(after: line.startIndex)..<close], as: UTF8.self))
        }
        guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else { return .other }
        var key = line[..<equals]
        while let last = key.last, isSpace(last) { key = key.dropLast() }
        var value = line[line.index(after: equals)...]
        while let head = value.first, isSpace(head) { value = value.dropFirst() }
        return .key(String(decoding: key, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    /// GLib's `g_ascii_isspace`.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// The file's lines (split at `\n`; the last is empty when the file ends with one), each
    /// with the group it is in.
    private static func lines(_ text: [UInt8]) -> [(bytes: ArraySlice<UInt8>, line: Line, group: String?)] {
        var group: String?
        return text.split(separator: 0x0A, omittingEmptySubsequences: false).map { bytes in
            let line = classify(bytes)
            if case .group(let name) = line { group = name }
            return (bytes, line, group)
        }
    }

    private static func isFileChooser(_ entry: (bytes: ArraySlice<UInt8>, line: Line, group: String?)) -> Bool {
        guard entry.group == group, case .key(let key, _) = entry.line else { return false }
        return key == fileChooserKey
    }

    /// The FileChooser value in effect in `[preferred]` (the last such line), as written.
    public static func fileChooserValue(_ text: [UInt8]) -> String? {
        guard let line = lines(text).last(where: isFileChooser), case .key(_, let value) = line.line else { return nil }
        return value
    }

    /// `text` with FileChooser set to `value` in `[preferred]`: the line in effect replaced,
    /// else one added at the end of the group's first part, else the group added at the end.
    /// `inherited` (the desktop's own `[preferred]` entries) go in before it when the group has
    /// no entry yet: xdg-desktop-portal passes over a file without one, so this file is about
    /// to decide every portal, not just the FileChooser.
    public static func settingFileChooser(_ text: [UInt8], to value: String,
                                          inherited: [(key: String, value: String)]) -> [UInt8] {
        var entries = lines(text)
        let ours = Array("\(fileChooserKey)=\(value)".utf8)
        if let last = entries.lastIndex(where: isFileChooser) {
            let keepsReturn = entries[last].bytes.last == 0x0D
            entries[last].bytes = ArraySlice(ours + (keepsReturn ? [0x0D] : []))
            return joined(entries.map(\.bytes))
        }
        let added = (hasEntries(entries) ? [] : entryLines(inherited)) + [ours]
        // Lines added end as the file's first line does: CRLF in a file written so.
        let crlf = entries.count > 1 && entries[0].bytes.last == 0x0D
        let end: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
        var out = entries.map(\.bytes)
        if let header = entries.firstIndex(where: { $0.line == .group(group) }) {
            let next = entries[(header + 1)...].firstIndex { if case .group = $0.line { return true } else { return false } }
                ?? entries.endIndex
            let lastKey = entries[(header + 1)..<next].lastIndex { if case .key = $0.line { return true } else { return false } }
            out.insert(contentsOf: added.map { ArraySlice($0 + (crlf ? [0x0D] : [])) }, at: (lastKey ?? header) + 1)
            return joined(out)
        }
        var tail: [UInt8] = text
        if !tail.isEmpty && tail.last != 0x0A { tail += end }
        if !tail.isEmpty { tail += end }
        tail += Array("[\(group)]".utf8) + end
        for line in added { tail += line + end }
        return tail
    }

    /// The FileChooser line in effect in `[preferred]`, its bytes as written (without `\r`),
    /// to put back as it was.
    public static func fileChooserLine(_ text: [UInt8]) -> [UInt8]? {
        guard let line = lines(text).last(where: isFileChooser) else { return nil }
        return Array(line.bytes.last == 0x0D ? line.bytes.dropLast() : line.bytes)
    }

    /// What taking photopick's FileChooser line back does to a file edited since enable.
    public enum Restoring: Sendable, Equatable {
        /// The line named photopick alone: the file with the original line (or none) instead.
        case restored([UInt8])
        /// The user changed the line since and it still names photopick (its value): theirs.
        case stillNamed(String)
        /// No FileChooser line names photopick: nothing to take back.
        case nothingToTakeBack
    }

    /// `text` with photopick's FileChooser line undone: `original` (a line, as
    /// `fileChooserLine` gives it) put back in its place, or the line taken out when there was
    /// none. A line naming more than `ours` was written by the user since, and stays.
    public static func restoringFileChooser(_ text: [UInt8], original: [UInt8]?, ours: String = photopick) -> Restoring {
        var entries = lines(text)
        guard let last = entries.lastIndex(where: isFileChooser), case .key(_, let value) = entries[last].line else { return .nothingToTakeBack }
        let names = value.split(separator: ";").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        guard names == [ours] else { return names.contains(ours) ? .stillNamed(value) : .nothingToTakeBack }
        if let original {
            let keepsReturn = entries[last].bytes.last == 0x0D
            entries[last].bytes = ArraySlice(original + (keepsReturn ? [0x0D] : []))
        } else {
            entries.remove(at: last)
        }
        let restored = joined(entries.map(\.bytes))
        return restored == text ? .nothingToTakeBack : .restored(restored)
    }

    /// A new file: a comment saying where it comes from, then `[preferred]` with the desktop's
    /// own entries (`inherited`, from `source`) and photopick for the FileChooser.
    public static func newFile(inherited: [(key: String, value: String)], source: String?) -> [UInt8] {
        var text = """
            # Written by "photopick portal enable": xdg-desktop-portal asks photopick for files to
            # open and every other backend as the desktop's own configuration says.
            # "photopick portal disable" removes this file.

            """
        if let source, !source.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            text += "# The other entries are those of \(source) (this file takes its place).\n"
        } else if inherited.isEmpty {
            text += "# No default= line: the other portals are chosen as without this file (by UseIn,\n"
                + "# then xdg-desktop-portal-gtk).\n"
        }
        var bytes = Array(text.utf8) + Array("[\(group)]\n".utf8)
        for line in entryLines(inherited) + [Array("\(fileChooserKey)=\(photopick)".utf8)] { bytes += line + [0x0A] }
        return bytes
    }

    /// Whether `[preferred]` has any entry (xdg-desktop-portal skips a file whose group has none).
    private static func hasEntries(_ entries: [(bytes: ArraySlice<UInt8>, line: Line, group: String?)]) -> Bool {
        entries.contains { if case .key = $0.line { return $0.group == group } else { return false } }
    }

    /// `key=value` lines of the inherited entries, photopick's own key left out.
    private static func entryLines(_ inherited: [(key: String, value: String)]) -> [[UInt8]] {
        inherited.filter { $0.key != fileChooserKey }.map { Array("\($0.key)=\($0.value)".utf8) }
    }

    private static func joined(_ lines: [ArraySlice<UInt8>]) -> [UInt8] {
        var out: [UInt8] = []
        for (i, line) in lines.enumerated() {
            if i > 0 { out.append(0x0A) }
            out += line
        }
        return out
    }
}
