/// A wall-clock date and time as written in a file or its name, before a time zone is chosen.
struct CivilDateTime: Sendable, Hashable {
    var year: Int, month: Int, day: Int
    var hour = 0, minute = 0, second = 0
    var fraction = 0.0

    /// Calendar-valid: month 1…12, a day that exists in that month, 00:00:00…23:59:60.
    var isValid: Bool {
        (1...12).contains(month) && day >= 1 && day <= Self.daysIn(month: month, year: year)
            && (0..<24).contains(hour) && (0..<60).contains(minute) && (0...60).contains(second)
            && fraction >= 0 && fraction < 1
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The instant when the time was recorded with a known UTC offset (seconds east of UTC).
    func seconds(utcOffset: Int) -> Double {
        Double(Self.daysFromEpoch(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second - utcOffset) + fraction
    }

    /// The instant when the wall clock is read in the host's local zone
    /// (`Host.instant(ofLocalWallClock:)`); nil for a reading no date can hold.
    func localSeconds() -> Double? {
        let wall = Self.daysFromEpoch(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
        return Double(Host.instant(ofLocalWallClock: Int64(wall))) + fraction
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromEpoch(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

/// Byte-level helpers shared by the date parsers: they run for every scanned file, so no regexes.
enum DigitScan {
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// The value of `count` ASCII digits at `i`, or nil if any is not a digit or out of bounds.
    static func number(_ s: [UInt8], _ i: Int, _ count: Int) -> Int? {
        guard i >= 0, count > 0, i + count <= s.count else { return nil }
        var v = 0
        for b in s[i..<(i + count)] {
            guard isDigit(b) else { return nil }
            v = v * 10 + Int(b - 0x30)
        }
        return v
    }

    /// The length of the run of digits starting at `i`.
    static func runLength(_ s: [UInt8], _ i: Int) -> Int {
        var j = i
        while j < s.count, isDigit(s[j]) { j += 1 }
        return j - i
    }
}
