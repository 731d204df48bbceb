/// Dates as EXIF and XMP write them.
public enum ExifDate {
    /// EXIF "YYYY:MM:DD HH:MM:SS" (DateTimeOriginal), with OffsetTimeOriginal "+02:00" when the
    /// camera recorded one; without it the wall clock is read as local time. Blank and
    /// all-zero dates ("0000:00:00 00:00:00", "    :  :     :  :  ") are nil.
    public static func parse(_ value: String, offset: String? = nil) -> CaptureDate? {
        let s = Array(value.utf8).trimmed
        // Strictly "YYYY:MM:DD HH:MM:SS"; '-' and 'T' tolerated as some writers use them.
        guard s.count >= 19, let y = DigitScan.number(s, 0, 4), let mo = DigitScan.number(s, 5, 2),
              let d = DigitScan.number(s, 8, 2), let h = DigitScan.number(s, 11, 2),
              let mi = DigitScan.number(s, 14, 2), let se = DigitScan.number(s, 17, 2),
              ":-".utf8.contains(s[4]), s[7] == s[4], " T".utf8.contains(s[10]),
              s[13] == UInt8(ascii: ":"), s[16] == UInt8(ascii: ":"),
              s.count == 19 || !DigitScan.isDigit(s[19]) else { return nil }
        let civil = CivilDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: se)
        guard y >= 1, civil.isValid else { return nil }
        if let offset, let seconds = utcOffset(offset) {
            return CaptureDate(seconds: civil.seconds(utcOffset: seconds), utcOffset: seconds)
        }
        return civil.localSeconds().map { CaptureDate(seconds: $0) }
    }

    /// XMP (ISO 8601) dates: "2024-05-01T14:03:22+02:00", "2024-05-01T14:03:22.123Z",
    /// "2024-05-01T14:03:22", "2024-05-01T14:03", "2024-05-01". No zone means local time.
    public static func parseXMP(_ value: String) -> CaptureDate? {
        let s = Array(value.utf8).trimmed
        guard s.count >= 10, let y = DigitScan.number(s, 0, 4), let mo = DigitScan.number(s, 5, 2),
              let d = DigitScan.number(s, 8, 2), s[4] == UInt8(ascii: "-"), s[7] == UInt8(ascii: "-"),
              y >= 1 else { return nil }
        var civil = CivilDateTime(year: y, month: mo, day: d)
        var i = 10
        if i < s.count {
            guard " T".utf8.contains(s[i]), let h = DigitScan.number(s, i + 1, 2), i + 3 < s.count,
                  s[i + 3] == UInt8(ascii: ":"), let mi = DigitScan.number(s, i + 4, 2) else { return nil }
            (civil.hour, civil.minute) = (h, mi)
            i += 6
            if i < s.count, s[i] == UInt8(ascii: ":") {
                guard let se = DigitScan.number(s, i + 1, 2) else { return nil }
                civil.second = se
                i += 3
                if i < s.count, s[i] == UInt8(ascii: ".") || s[i] == UInt8(ascii: ",") {
                    let run = DigitScan.runLength(s, i + 1)
                    guard run > 0 else { return nil }
                    civil.fraction = Double("0." + String(decoding: s[(i + 1)..<(i + 1 + min(run, 9))], as: UTF8.self)) ?? 0
                    i += 1 + run
                }
            }
        }
        guard civil.isValid else { return nil }
        if i < s.count {
            guard let offset = utcOffset(String(decoding: s[i...], as: UTF8.self)) else { return nil }
            return CaptureDate(seconds: civil.seconds(utcOffset: offset), utcOffset: offset)
        }
        return civil.localSeconds().map { CaptureDate(seconds: $0) }
    }

    /// "+02:00", "-05:30", "+0200", "+02", "Z" → seconds east of UTC; blanks and junk → nil.
    public static func utcOffset(_ value: String) -> Int? {
        let s = Array(value.utf8).trimmed
        if s == [UInt8(ascii: "Z")] || s == [UInt8(ascii: "z")] { return 0 }
        guard s.count >= 3, s[0] == UInt8(ascii: "+") || s[0] == UInt8(ascii: "-"),
              let h = DigitScan.number(s, 1, 2) else { return nil }
        var m = 0
        switch s.count {
        case 3: break
        case 5: guard let v = DigitScan.number(s, 3, 2) else { return nil }; m = v
        case 6: guard s[3] == UInt8(ascii: ":"), let v = DigitScan.number(s, 4, 2) else { return nil }; m = v
        default: return nil
        }
        guard h <= 14, m < 60 else { return nil }
        let seconds = h * 3600 + m * 60
        return s[0] == UInt8(ascii: "-") ? -seconds : seconds
    }
}

extension Array where Element == UInt8 {
    /// Without leading/trailing spaces, tabs, newlines and NULs (EXIF strings are NUL-padded).
    var trimmed: [UInt8] {
        var slice = self[...]
        while let f = slice.first, f == 0x20 || f == 0 || f == 0x09 || f == 0x0A || f == 0x0D { slice.removeFirst() }
        while let l = slice.last, l == 0x20 || l == 0 || l == 0x09 || l == 0x0A || l == 0x0D { slice.removeLast() }
        return Array(slice)
    }
}
