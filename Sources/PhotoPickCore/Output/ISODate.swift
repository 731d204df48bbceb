import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// ISO 8601 timestamps with a UTC offset, e.g. `2024-05-01T14:03:00+02:00`.
public enum ISODate {
    /// Local time with the local offset of that moment.
    public static func format(_ seconds: Double) -> String {
        var t = time_t(RepresentableTime.clamped(seconds).rounded(.down))
        var tm = Glibc.tm()
        localtime_r(&t, &tm)
        return format(tm, offset: tm.tm_gmtoff)
    }

    /// The wall-clock time at `utcOffset` seconds east of UTC, with that offset.
    public static func format(_ seconds: Double, utcOffset: Int) -> String {
        let utcOffset = min(max(utcOffset, -RepresentableTime.maxUTCOffset), RepresentableTime.maxUTCOffset)
        var t = time_t(RepresentableTime.clamped(seconds).rounded(.down)) + time_t(utcOffset)
        var tm = Glibc.tm()
        gmtime_r(&t, &tm)
        return format(tm, offset: utcOffset)
    }

    private static func format(_ tm: tm, offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let mins = abs(offset) / 60
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d",
                      Int(tm.tm_year) + 1900, Int(tm.tm_mon) + 1, Int(tm.tm_mday),
                      Int(tm.tm_hour), Int(tm.tm_min), Int(tm.tm_sec), sign, mins / 60, mins % 60)
    }
}
