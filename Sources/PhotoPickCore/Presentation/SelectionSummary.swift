/// The selection bar's text: "3 selected · 12.4 MB · 2 videos, 1:05".
public enum SelectionSummary {
    /// With a maximum the count reads "3 of 5 selected"; below the minimum the bar says what
    /// Done still needs. Video time is left out when no picked video knows its length.
    public static func text(_ totals: SelectionTotals, maximum: Int? = nil, minimum: Int = 0) -> String {
        guard totals.count > 0 else {
            return minimum > 1 ? "Pick at least \(minimum)" : "Nothing selected"
        }
        var parts = [maximum.map { "\(HumanFormat.count(totals.count)) of \(HumanFormat.count($0)) selected" }
            ?? "\(HumanFormat.count(totals.count)) selected"]
        parts.append(HumanFormat.bytes(totals.bytes))
        if totals.videos > 0 {
            let videos = HumanFormat.plural(totals.videos, "video", "videos")
            parts.append(totals.videoSeconds > 0 ? "\(videos), \(HumanFormat.duration(totals.videoSeconds))" : videos)
        }
        if totals.count < minimum { parts.append("pick at least \(minimum)") }
        return parts.joined(separator: " · ")
    }
}
