/// What a grid tile says: its badge ("0:42" on a video) and the name a screen reader reads
/// ("IMG_0001.jpg, 1 May 2024, 14:03, video 0:42, selected, 3rd").
public enum TileDescription {
    /// `pickIndex`: the 0-based place in pick order when picked.
    public static func accessibleName(_ asset: Asset, pickIndex: Int?,
                                      localOffset: (Int64) -> Int64 = LocalClock.systemOffset) -> String {
        var parts = [asset.name]
        if asset.hasKnownDate { parts.append(date(asset, localOffset: localOffset)) }
        if asset.kind == .video {
            parts.append(asset.metadata.durationSeconds.map { "video " + HumanFormat.duration($0) } ?? "video")
        }
        if let pickIndex { parts.append("selected, " + ordinal(pickIndex + 1)) }
        return parts.joined(separator: ", ")
    }

    /// The video badge's text; nil when the length is unknown (the badge shows an icon).
    public static func durationBadge(_ asset: Asset) -> String? {
        guard asset.kind == .video, let seconds = asset.metadata.durationSeconds, seconds > 0 else { return nil }
        return HumanFormat.duration(seconds)
    }

    /// "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd".
    public static func ordinal(_ n: Int) -> String {
        let tens = n % 100, ones = n % 10
        let suffix = (11...13).contains(tens) ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th"
        return "\(n)\(suffix)"
    }

    /// "1 May 2024, 14:03" in the wall-clock time where it was taken (else local time).
    static func date(_ asset: Asset, localOffset: (Int64) -> Int64) -> String {
        let seconds = Int64(asset.dateSeconds.rounded(.down))
        let local = seconds + (asset.metadata.captureDate?.utcOffset.map(Int64.init) ?? localOffset(seconds))
        let day = local.floorDiv(86_400)
        let inDay = Int(local - day * 86_400)
        let h = inDay / 3600, m = inDay % 3600 / 60
        return "\(GroupTitle.long(CivilDate(dayNumber: Int(day)))), \(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m)"
    }
}
