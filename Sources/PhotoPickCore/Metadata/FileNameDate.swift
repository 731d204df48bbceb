/// Capture dates that cameras, phones and screenshot tools write into file names:
/// `IMG_20230102_134501.jpg`, `PXL_20230102_134501123.jpg`, `IMG-20230102-WA0001.jpg`
/// (date only), `Screenshot from 2024-05-01 14-03-22.png`, `Screenshot_20240501-140322.png`,
/// `Screen Shot 2024-05-01 at 2.03.22 PM.png`, `Screenshot 2024-05-01 140322.png`,
/// `signal-2024-05-01-140322.jpg`, `20230102134501.jpg`…
///
/// The wall clock is read in the local time zone: names carry no offset.
public enum FileNameDate {
    public static let years = 1990...2100

    public static func parse(_ name: String) -> CaptureDate? {
        guard let civil = civil(name), let seconds = civil.localSeconds() else { return nil }
        return CaptureDate(seconds: seconds)
    }

    /// The first plausible date in the name, tried at every run of digits.
    static func civil(_ name: String) -> CivilDateTime? {
        var s = Array(name.utf8)
        // Drop an extension, but not the ".22" of a name like "… at 14.03.22".
        if let dot = s.lastIndex(of: UInt8(ascii: ".")), dot > 0, (2...6).contains(s.count - dot),
           s[(dot + 1)...].contains(where: { !DigitScan.isDigit($0) }) {
            s.removeSubrange(dot...)
        }
        var i = 0
        while i < s.count {
            guard DigitScan.isDigit(s[i]) else { i += 1; continue }
            let run = DigitScan.runLength(s, i)
            if let found = compact(s, i, run) ?? dashed(s, i, run), found.isValid, years.contains(found.year) {
                return found
            }
            i += run
        }
        return nil
    }

    /// `20230102`, `20230102134501`, `20230102_134501`, `20230102-140322`, `20230102_134501123`.
    private static func compact(_ s: [UInt8], _ i: Int, _ run: Int) -> CivilDateTime? {
        guard run == 8 || run == 14, let y = DigitScan.number(s, i, 4), let m = DigitScan.number(s, i + 4, 2),
              let d = DigitScan.number(s, i + 6, 2) else { return nil }
        let date = CivilDateTime(year: y, month: m, day: d)
        if run == 14 { return withTime(date, s, i + 8) }
        let t = i + 9  // after one separator
        guard i + 8 < s.count, "_- T".utf8.contains(s[i + 8]) else { return date }
        let timeRun = DigitScan.runLength(s, t)
        // 6 digits, or 9 with milliseconds (Pixel); shorter runs are counters, not times.
        guard timeRun == 6 || timeRun == 9 else { return date }
        return withTime(date, s, t)
    }

    private static func withTime(_ date: CivilDateTime, _ s: [UInt8], _ t: Int) -> CivilDateTime? {
        guard let h = DigitScan.number(s, t, 2), let mi = DigitScan.number(s, t + 2, 2),
              let se = DigitScan.number(s, t + 4, 2) else { return nil }
        var out = date
        (out.hour, out.minute, out.second) = (h, mi, se)
        return out
    }

    /// `2024-05-01`, then optionally ` 14-03-22`, ` at 14.03.22`, ` at 2.03.22 PM`, ` 140322`, `-140322`.
    private static func dashed(_ s: [UInt8], _ i: Int, _ run: Int) -> CivilDateTime? {
        guard run == 4, let y = DigitScan.number(s, i, 4), i + 10 <= s.count, s[i + 4] == UInt8(ascii: "-"),
              s[i + 7] == UInt8(ascii: "-"), let m = DigitScan.number(s, i + 5, 2),
              let d = DigitScan.number(s, i + 8, 2), DigitScan.runLength(s, i + 8) == 2 else { return nil }
        let date = CivilDateTime(year: y, month: m, day: d)
        var t = i + 10
        guard t < s.count, " _-T".utf8.contains(s[t]) else { return date }
        t += 1
        if s[t...].starts(with: "at ".utf8) { t += 3 }
        let first = DigitScan.runLength(s, t)
        if first == 6 { return withTime(date, s, t) }
        // H[H] sep MM sep SS with the same separator twice.
        guard first == 1 || first == 2, t + first + 6 <= s.count else { return date }
        let sep = s[t + first]
        guard "-.:".utf8.contains(sep), s[t + first + 3] == sep, let h = DigitScan.number(s, t, first),
              let mi = DigitScan.number(s, t + first + 1, 2), let se = DigitScan.number(s, t + first + 4, 2),
              DigitScan.runLength(s, t + first + 4) == 2 else { return date }
        var out = date
        (out.hour, out.minute, out.second) = (h, mi, se)
        switch meridiem(s, t + first + 6) {
        case nil: break
        case let pm?:
            guard (1...12).contains(h) else { return nil }
            out.hour = h % 12 + (pm ? 12 : 0)
        }
        return out
    }

    /// After a time: " AM"/" PM" (macOS, also with U+202F narrow no-break space) → isPM; else nil.
    private static func meridiem(_ s: [UInt8], _ i: Int) -> Bool? {
        var j = i
        if j < s.count, s[j] == 0x20 { j += 1 } else if s[j...].starts(with: [0xE2, 0x80, 0xAF]) { j += 3 } else { return nil }
        guard j + 2 <= s.count, s[j + 1] | 0x20 == UInt8(ascii: "m") else { return nil }
        switch s[j] | 0x20 {
        case UInt8(ascii: "a"): return false
        case UInt8(ascii: "p"): return true
        default: return nil
        }
    }
}
