/// Section titles in English, written from day numbers without DateFormatter:
/// "2024", "May 2024", "Week 19, 2024", "Wednesday, 1 May 2024", "1 May 2024, 14:00",
/// and for events the span of days: "1 May 2024", "1–3 May 2024", "30 April – 2 May 2024",
/// "30 December 2024 – 2 January 2025".
enum GroupTitle {
    static let months = ["January", "February", "March", "April", "May", "June", "July",
                         "August", "September", "October", "November", "December"]
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    static func title(grouping: AssetGrouping, key: Int64, firstDay: Int32, lastDay: Int32) -> String {
        switch grouping {
        case .none: return ""
        case .year: return String(key)
        case .month: return "\(months[Int(key.floorMod(12))]) \(key.floorDiv(12))"
        case .week: return "Week \(key.floorMod(100)), \(key.floorDiv(100))"
        case .day:
            let date = CivilDate(dayNumber: Int(key))
            return "\(weekdays[CivilDate.weekday(dayNumber: Int(key))]), \(long(date))"
        case .hour:
            let date = CivilDate(dayNumber: Int(key.floorDiv(24)))
            let hour = Int(key.floorMod(24))
            return "\(long(date)), \(hour < 10 ? "0" : "")\(hour):00"
        case .event: return span(from: Int(min(firstDay, lastDay)), to: Int(max(firstDay, lastDay)))
        }
    }

    static func long(_ d: CivilDate) -> String { "\(d.day) \(months[d.month - 1]) \(d.year)" }

    static func span(from first: Int, to last: Int) -> String {
        let a = CivilDate(dayNumber: first), b = CivilDate(dayNumber: last)
        if a == b { return long(a) }
        if a.year != b.year { return "\(long(a)) – \(long(b))" }
        if a.month != b.month { return "\(a.day) \(months[a.month - 1]) – \(long(b))" }
        return "\(a.day)–\(long(b))"
    }
}

extension Int64 {
    func floorMod(_ d: Int64) -> Int64 { self - floorDiv(d) * d }
}
