/// ISO 8601 timestamps with a UTC offset, e.g. `2024-05-01T14:03:00+02:00`. Pure calendar
/// arithmetic; the local zone's offset comes from the host.
public enum ISODate {
    /// Local time with the local offset of that moment.
    public static func format(_ seconds: Double) -> String {
        let t = Int64(RepresentableTime.clamped(seconds).rounded(.down))
        return format(t, offset: Int(Host.current.utcOffset(at: t)))
    }

    /// The wall-clock time at `utcOffset` seconds east of UTC, with that offset.
    public static func format(_ seconds: Double, utcOffset: Int) -> String {
        let utcOffset = min(max(utcOffset, -RepresentableTime.maxUTCOffset), RepresentableTime.maxUTCOffset)
        return format(Int64(RepresentableTime.clamped(seconds).rounded(.down)), offset: utcOffset)
    }

    private static func format(_ utcSeconds: Int64, offset: Int) -> String {
        let wall = utcSeconds + Int64(offset)
        let day = wall.floorDiv(86_400)
        let second = Int(wall - day * 86_400)
        let date = CivilDate(dayNumber: Int(day))
        let sign = offset < 0 ? "-" : "+"
        let mins = abs(offset) / 60
        return "\(padded(date.year, 4))-\(padded(date.month, 2))-\(padded(date.day, 2))"
            + "T\(padded(second / 3600, 2)):\(padded(second / 60 % 60, 2)):\(padded(second % 60, 2))"
            + "\(sign)\(padded(mins / 60, 2)):\(padded(mins % 60, 2))"
    }

    /// `printf("%0*d", width, n)`: zero-padded, the sign counted in the width.
    private static func padded(_ n: Int, _ width: Int) -> String {
        let digits = String(n.magnitude)
        let sign = n < 0 ? "-" : ""
        let zeros = max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: zeros) + digits
    }
}
