/// The local zone's UTC offset at a moment, answered from a cache: the host (`localtime_r`) is asked
/// twice per UTC day that holds assets (its start and end), and once per quarter hour only
/// on the few days the offset changes (DST; Newfoundland changes at half past a UTC hour). Offsets are read when assets are indexed, so a change
/// of `TZ` (with `tzset()`) applies to sources built after it.
public struct LocalClock: Sendable {
    /// A fixed offset for every moment (tests, fixtures); nil for the process's zone.
    public let fixedOffset: Int?
    private var days: [Int64: Int64] = [:]
    private var quarters: [Int64: Int64] = [:]
    private static let varies = Int64.min

    public init(fixedOffset: Int? = nil) { self.fixedOffset = fixedOffset }

    public mutating func utcOffset(at seconds: Int64) -> Int64 {
        if let fixedOffset { return Int64(fixedOffset) }
        let day = seconds.floorDiv(86_400)
        if let known = days[day], known != Self.varies { return known }
        if days[day] == nil {
            let start = Self.systemOffset(day * 86_400), end = Self.systemOffset(day * 86_400 + 86_399)
            days[day] = start == end ? start : Self.varies
            if start == end { return start }
        }
        let quarter = seconds.floorDiv(900)
        if let known = quarters[quarter] { return known }
        let offset = Self.systemOffset(seconds)
        quarters[quarter] = offset
        return offset
    }

    /// Seconds east of UTC in the process's zone at `seconds`.
    public static func systemOffset(_ seconds: Int64) -> Int64 { Host.current.utcOffset(at: seconds) }
}
