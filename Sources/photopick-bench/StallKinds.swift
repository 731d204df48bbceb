/// What a stall was, from its trace line (`63.2 ms cpu 40.1 ms during render-selection
/// 50.1ms×1, frame-paint 9.0ms×1`): the work that ran longest in it, or `untraced` when none
/// of the window's traced work or GTK's frames ended inside it (the thread was elsewhere).
enum StallKinds {
    static func kind(of line: String) -> String {
        guard let during = line.range(of: " during ") else { return "untraced" }
        return String(line[during.upperBound...].prefix { $0 != " " })
    }

    /// `render-selection ×3, frame-paint ×1`, most frequent first; `none` for no lines.
    static func tally(_ lines: [String]) -> String {
        guard !lines.isEmpty else { return "none" }
        var counts: [String: Int] = [:]
        for line in lines { counts[kind(of: line), default: 0] += 1 }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
    }
}
