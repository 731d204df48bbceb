/// The instants photopick can name: years 1 to 9999 of ISO 8601, a day in from each end so
/// the wall clock at any UTC offset (at most ±18 h) stays inside. Times from the file system,
/// from files and from the index are all input: beyond this range they are not dates at all
/// (a modification time of 2^63 seconds, an EXIF year 0000, `1e308` in a damaged index).
public enum RepresentableTime {
    /// 0001-01-02T00:00:00Z.
    public static let earliest: Double = -62_135_510_400
    /// 9999-12-30T23:59:59Z.
    public static let latest: Double = 253_402_214_399
    /// The largest UTC offset there is (ISO 8601 and RFC 3339 allow ±18 h).
    public static let maxUTCOffset = 18 * 3600

    public static func contains(_ seconds: Double) -> Bool {
        seconds.isFinite && seconds >= earliest && seconds <= latest
    }

    /// The nearest representable instant; NaN (no order at all) becomes 1970.
    public static func clamped(_ seconds: Double) -> Double {
        seconds.isNaN ? 0 : min(max(seconds, earliest), latest)
    }
}
