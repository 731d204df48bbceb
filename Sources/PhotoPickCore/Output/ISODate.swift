import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// ISO 8601 timestamps in local time with the UTC offset, e.g. `2024-05-01T14:03:00+02:00`.
public enum ISODate {
    public static func format(_ seconds: Double) -> String {
        var t = time_t(seconds.rounded(.down))
        var tm = Glibc.tm()
        localtime_r(&t, &tm)
        let offset = tm.tm_gmtoff
        let sign = offset < 0 ? "-" : "+"
        let mins = abs(offset) / 60
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d",
                      Int(tm.tm_year) + 1900, Int(tm.tm_mon) + 1, Int(tm.tm_mday),
                      Int(tm.tm_hour), Int(tm.tm_min), Int(tm.tm_sec), sign, mins / 60, mins % 60)
    }
}
