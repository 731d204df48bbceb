/// How a collection splits into sections. Calendar groups use the date as the wall clock
/// where it was taken showed it (the capture date's own UTC offset, else this machine's zone).
public enum AssetGrouping: Sendable, Hashable {
    case none
    case year
    case month
    /// ISO 8601 weeks, Monday to Sunday, numbered within their ISO week-year.
    case week
    case day
    case hour
    /// A new group wherever two neighbouring assets are more than `gapHours` apart.
    case event(gapHours: Double = AssetGrouping.defaultEventGap)

    public static let defaultEventGap: Double = 4

    /// Parses the command line's spelling: none, year, month, week, day, hour, event.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "none": self = .none
        case "year": self = .year
        case "month": self = .month
        case "week": self = .week
        case "day": self = .day
        case "hour": self = .hour
        case "event": self = .event()
        default: return nil
        }
    }

    /// The calendar bucket of a day-and-time, for the calendar groupings (nil for none and event).
    func key(day: Int32, secondOfDay: Int32) -> Int64? {
        switch self {
        case .none, .event: return nil
        case .year: return Int64(CivilDate(dayNumber: Int(day)).year)
        case .month:
            let date = CivilDate(dayNumber: Int(day))
            return Int64(date.year) * 12 + Int64(date.month - 1)
        case .week:
            let week = CivilDate.isoWeek(dayNumber: Int(day))
            return Int64(week.year) * 100 + Int64(week.week)
        case .day: return Int64(day)
        case .hour: return Int64(day) * 24 + Int64(secondOfDay / 3600)
        }
    }

    /// True when the key depends on the day only (so it can be cached per day in loops).
    var keyIsPerDay: Bool {
        switch self {
        case .year, .month, .week, .day: return true
        default: return false
        }
    }
}
