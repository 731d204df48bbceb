/// Calendar arithmetic on day numbers (days since 1970-01-01) in the proleptic Gregorian
/// calendar, with integers only: no Calendar or DateFormatter in the per-asset loops.
/// The conversions are Howard Hinnant's `civil_from_days` / `days_from_civil`.
/// A folder of its own at the bottom of Core: Text's translations write these dates, and
/// Collections, Output and Presentation group and print them.
public struct CivilDate: Sendable, Hashable, Comparable {
    public let year: Int
    /// 1…12
    public let month: Int
    /// 1…31
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday).
    public static func weekday(dayNumber: Int) -> Int { ((dayNumber + 3) % 7 + 7) % 7 }

    /// The ISO 8601 week (Monday–Sunday) holding the day, and the year it belongs to: the
    /// year of its Thursday, so 2024-12-30 is week 1 of 2025 and 2021-01-03 week 53 of 2020.
    public static func isoWeek(dayNumber: Int) -> (year: Int, week: Int) {
        let thursday = dayNumber - weekday(dayNumber: dayNumber) + 3
        let year = CivilDate(dayNumber: thursday).year
        let jan1 = CivilDate(year: year, month: 1, day: 1).dayNumber
        return (year, (thursday - jan1) / 7 + 1)
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}
