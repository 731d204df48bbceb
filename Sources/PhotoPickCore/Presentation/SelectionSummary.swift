/// The selection bar's text: "3 selected · 12.4 MB · 2 videos, 1:05".
public enum SelectionSummary {
    /// With a maximum the count reads "3 of 5 selected"; below the minimum the bar says what
    /// Done still needs. Video time is left out when no picked video knows its length.
    /// With an export, `estimatedBytes` (what the exported files will weigh) replaces the
    /// originals' size, marked as a guess: "≈ 4.2 MB".
    public static func text(_ totals: SelectionTotals, maximum: Int? = nil, minimum: Int = 0,
                            estimatedBytes: Int64? = nil) -> String {
        guard totals.count > 0 else {
            return minimum > 1 ? trn("Pick at least %s", "Pick at least %s", minimum, HumanFormat.count(minimum)) : tr("Nothing selected")
        }
        let count = HumanFormat.count(totals.count)
        // TRANSLATORS: "3 of 5 selected" (picked, the most that may be picked).
        var parts = [maximum.map { trn("%1$s of %2$s selected", "%1$s of %2$s selected", totals.count, count, HumanFormat.count($0)) }
            ?? trn("%s selected", "%s selected", totals.count, count)]
        // TRANSLATORS: an estimated size, "≈ 4.2 MB": what the picks will weigh once exported.
        parts.append(estimatedBytes.map { tr("≈ %s", HumanFormat.bytes($0)) } ?? HumanFormat.bytes(totals.bytes))
        if totals.videos > 0 {
            let videos = trn("%s video", "%s videos", totals.videos, HumanFormat.count(totals.videos))
            // TRANSLATORS: picked videos and their total length: "2 videos, 1:05".
            parts.append(totals.videoSeconds > 0 ? tr("%1$s, %2$s", videos, HumanFormat.duration(totals.videoSeconds)) : videos)
        }
        if totals.count < minimum { parts.append(trn("pick at least %s", "pick at least %s", minimum, HumanFormat.count(minimum))) }
        return parts.joined(separator: tr(" · "))
    }
}
