/// Where a file name may break across lines in a narrow panel: after "_", "-", " " or ".",
/// never inside a run of letters and digits ("VID_20240716_103000.mp / 4" read as another
/// name). A run too long for any line (a 40-character hash) may still break anywhere; other
/// scripts keep Pango's own breaks.
public enum NameBreaks {
    /// Runs no longer than this keep together.
    public static let longestKeptRun = 24

    /// The UTF-8 byte ranges of `name` that must not break inside.
    public static func unbreakableRuns(in name: String) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?, offset = 0, length = 0
        func close() {
            if let s = start, length > 1, length <= longestKeptRun { runs.append(s..<offset) }
            start = nil
            length = 0
        }
        for ch in name {
            if (ch.isLetter || ch.isNumber) && Self.writtenInWords(ch) {
                if start == nil { start = offset }
                length += 1
            } else {
                close()
            }
            offset += ch.utf8.count
        }
        close()
        return runs
    }

    /// Latin, Greek and Cyrillic, which put spaces between words; CJK and Thai break between
    /// their own characters, so their runs keep Pango's breaks.
    private static func writtenInWords(_ ch: Character) -> Bool {
        ch.unicodeScalars.allSatisfy { $0.value < 0x0250 || (0x0370...0x052F).contains($0.value) }
    }
}
