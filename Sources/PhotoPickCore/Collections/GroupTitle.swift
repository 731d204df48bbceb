/// Section titles, written from day numbers without DateFormatter through `Translation.date`
/// (the locale's formats and names once the front end installs GLib; English otherwise):
/// "2024", "May 2024", "Week 19, 2024", "Wednesday, 1 May 2024", "1 May 2024, 14:00",
/// and for events the span of days: "1 May 2024", "1–3 May 2024", "30 April – 2 May 2024",
/// "30 December 2024 – 2 January 2025". Machine output (`photopick list --group`) asks for
/// `Translation.english`, so its titles never change with the locale.
enum GroupTitle {
    static func title(grouping: AssetGrouping, key: Int64, firstDay: Int32, lastDay: Int32,
                      in t: Translation = .current) -> String {
        switch grouping {
        case .none: return ""
        case .year: return String(key)
        case .month:
            // TRANSLATORS: a month's group title, a g_date_time_format() format: "May 2024".
            return t.formatDate(t.tr("%B %Y"), CivilDate(year: Int(key.floorDiv(12)), month: Int(key.floorMod(12)) + 1, day: 1))
        case .week:
            // TRANSLATORS: an ISO week's group title: "Week 19, 2024" (week number, year).
            return t.tr("Week %1$s, %2$s", String(key.floorMod(100)), String(key.floorDiv(100)))
        case .day:
            // TRANSLATORS: a day's group title, a g_date_time_format() format: "Wednesday, 1 May 2024".
            return t.formatDate(t.tr("%A, %-d %B %Y"), CivilDate(dayNumber: Int(key)))
        case .hour:
            // TRANSLATORS: an hour's group title, a g_date_time_format() format: "1 May 2024, 14:00".
            return t.formatDate(t.tr("%-d %B %Y, %H:00"), CivilDate(dayNumber: Int(key.floorDiv(24))), hour: Int(key.floorMod(24)))
        case .event: return span(from: Int(min(firstDay, lastDay)), to: Int(max(firstDay, lastDay)), in: t)
        }
    }

    /// "1 May 2024".
    static func long(_ d: CivilDate, in t: Translation = .current) -> String {
        // TRANSLATORS: a full date, a g_date_time_format() format: "1 May 2024".
        t.formatDate(t.tr("%-d %B %Y"), d)
    }

    static func span(from first: Int, to last: Int, in t: Translation) -> String {
        let a = CivilDate(dayNumber: first), b = CivilDate(dayNumber: last)
        if a == b { return long(a, in: t) }
        // TRANSLATORS: a span of days: "30 December 2024 – 2 January 2025" (first day, last day).
        if a.year != b.year { return t.tr("%1$s – %2$s", long(a, in: t), long(b, in: t)) }
        // TRANSLATORS: the first day of a span within one year, a g_date_time_format() format: "30 April".
        if a.month != b.month { return t.tr("%1$s – %2$s", t.formatDate(t.tr("%-d %B"), a), long(b, in: t)) }
        // TRANSLATORS: the first day of a span within one month, a g_date_time_format() format: "1" of "1–3 May 2024".
        let day = t.formatDate(t.tr("%-d"), a)
        // TRANSLATORS: a span of days within one month: "1–3 May 2024" (first day, last date).
        return t.tr("%1$s–%2$s", day, long(b, in: t))
    }
}

extension Int64 {
    func floorMod(_ d: Int64) -> Int64 { self - floorDiv(d) * d }
}
