/// Where a file name may break across lines in a narrow panel: after "_", "-", " " or ".",
/// never inside a run of letters and digits ("VID_20240716_103000.mp / 4" read as another
/// name). A run too long for any line (a 40-character hash) may still break anywhere.
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
            if ch.isLetter || ch.isNumber {
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
}
