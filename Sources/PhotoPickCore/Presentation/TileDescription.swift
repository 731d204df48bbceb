/// What a grid tile says: its badge ("0:42" on a video, "LIVE" on a Live Photo) and the name a screen reader reads
/// ("IMG_0001.jpg, 1 May 2024, 14:03, video 0:42, selected, 3rd").
public enum TileDescription {
    /// `pickIndex`: the 0-based place in pick order when picked.
    /// `pair`: the kind of pair the asset is the still of ("Live Photo" follows the date).
    public static func accessibleName(_ asset: Asset, pickIndex: Int?, pair: PairKind? = nil,
                                      localOffset: (Int64) -> Int64 = LocalClock.systemOffset) -> String {
        var parts = [asset.name]
        if asset.hasKnownDate { parts.append(date(asset, localOffset: localOffset)) }
        if let pair { parts.append(pairName(pair)) }
        if asset.kind == .video {
            // TRANSLATORS: a video tile's length, read by a screen reader: "video 0:42".
            parts.append(asset.metadata.durationSeconds.map { tr("video %s", HumanFormat.duration($0)) } ?? tr("video"))
        }
        // TRANSLATORS: a picked tile's place in pick order, read by a screen reader: "selected, 3rd".
        if let pickIndex { parts.append(tr("selected, %s", ordinal(pickIndex + 1))) }
        return parts.joined(separator: tr(", "))
    }

    /// The video badge's text; nil when the length is unknown (the badge shows an icon).
    public static func durationBadge(_ asset: Asset) -> String? {
        guard asset.kind == .video, let seconds = asset.metadata.durationSeconds, seconds > 0 else { return nil }
        return HumanFormat.duration(seconds)
    }

    /// A pair's badge on its still's tile: short enough for the smallest tile (80 px), in
    /// capitals like the camera makers' own marks ("LIVE" on an iPhone). The RAW+JPEG badge
    /// says "RAW": the tile shows the JPEG, and "RAW+JPEG" does not fit at 80 px.
    public static func pairBadge(_ kind: PairKind) -> String {
        switch kind {
        // TRANSLATORS: the badge on an Apple Live Photo's tile, in capitals, very short (Apple's own word: keep "LIVE" unless your language's iPhone says otherwise).
        case .live: return tr("LIVE")
        // TRANSLATORS: the badge on a tile that is a camera's RAW file and its JPEG, in capitals, very short.
        case .raw: return tr("RAW")
        // TRANSLATORS: the badge on a Motion Photo's tile (a photo with a short video inside), in capitals, at most 7 letters.
        case .motion: return tr("MOTION")
        }
    }

    /// What a screen reader says of a pair after the date.
    public static func pairName(_ kind: PairKind) -> String {
        switch kind {
        // TRANSLATORS: read by a screen reader after a tile's date: the photo is an Apple Live Photo.
        case .live: return tr("Live Photo")
        // TRANSLATORS: read by a screen reader after a tile's date: a camera's RAW file and its JPEG, shown as one.
        case .raw: return tr("RAW and JPEG")
        // TRANSLATORS: read by a screen reader after a tile's date: a photo with a short video inside (Google's Motion Photos).
        case .motion: return tr("Motion Photo")
        }
    }

    /// "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd" in English; a
    /// translation writes its own ordinal ("3." in German) from the number.
    public static func ordinal(_ n: Int) -> String {
        // TRANSLATORS: an ordinal number read by a screen reader ("3rd"); English picks its own
        // suffixes (1st, 2nd, 3rd). Write your language's form, e.g. "%s." in German.
        let form = Translation.current.singular(N_("%s-th"))
        if form != "%s-th" { return Translation.fill(form, [String(n)]) }
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
        // TRANSLATORS: a tile's date for a screen reader, a g_date_time_format() format: "1 May 2024, 14:03".
        return Translation.current.formatDate(tr("%-d %B %Y, %H:%M"), CivilDate(dayNumber: Int(day)), hour: h, minute: m)
    }
}
