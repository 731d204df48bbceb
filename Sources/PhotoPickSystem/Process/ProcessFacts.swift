#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// What Linux's /proc tells about another process of this user: the environment it was
/// started with and when it started. `photopick portal status` asks it of the running
/// xdg-desktop-portal: which desktops it was given, and whether it started before its
/// configuration last changed.
public enum ProcessFacts {
    /// The environment `pid` was started with; nil when it cannot be read (another user's,
    /// or gone). Entries without `=` are skipped.
    public static func environment(of pid: UInt32) -> [String: String]? {
        guard case .bytes(let bytes) = SmallFile.read(RawPath("/proc/\(pid)/environ")) else { return nil }
        var out: [String: String] = [:]
        for entry in bytes.split(separator: 0) {
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(decoding: entry[..<equals], as: UTF8.self)
            if out[name] == nil { out[name] = String(decoding: entry[(equals + 1)...], as: UTF8.self) }
        }
        return out
    }

    /// When `pid` started, in seconds since 1970 (to the kernel's clock tick, 10 ms), or nil.
    public static func startTime(of pid: UInt32) -> Double? {
        guard case .bytes(let bytes) = SmallFile.read(RawPath("/proc/\(pid)/stat")),
              let ticks = startTicks(inStat: bytes) else { return nil }
        let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        var boot = timespec(), now = timespec()
        guard perSecond > 0, clock_gettime(CLOCK_BOOTTIME, &boot) == 0, clock_gettime(CLOCK_REALTIME, &now) == 0 else { return nil }
        let sinceStart = Double(boot.tv_sec) + Double(boot.tv_nsec) / 1e9 - Double(ticks) / perSecond
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - sinceStart
    }

    /// Field 22 of `/proc/PID/stat` (start time in clock ticks after boot). The command name
    /// in field 2 may hold spaces and parentheses: the fields are counted from its last `)`.
    static func startTicks(inStat bytes: [UInt8]) -> UInt64? {
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 19 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }
}
