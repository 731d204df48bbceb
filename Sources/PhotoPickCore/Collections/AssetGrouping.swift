/// How a collection splits into sections. Calendar groups use the date as the wall clock
/// where it was taken showed it (the capture date's own UTC offset, else this machine's zone).
public enum AssetGrouping: Sendable, Hashable, CaseIterable {
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

    /// Every grouping, in the order menus and `--help` list them (events with the default gap).
    public static let allCases: [AssetGrouping] = [.none, .year, .month, .week, .day, .hour, .event()]

    /// The spelling the command line and the plan use: none, year, month, week, day, hour, event.
    public var name: String {
        switch self {
        case .none: "none"
        case .year: "year"
        case .month: "month"
        case .week: "week"
        case .day: "day"
        case .hour: "hour"
        case .event: "event"
        }
    }

    /// Parses `name`, ignoring case.
    public init?(parsing text: String) {
        let text = text.lowercased()
        guard let grouping = Self.allCases.first(where: { $0.name == text }) else { return nil }
        self = grouping
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
}
