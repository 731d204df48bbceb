/// Numbers as people read them in the window: sizes in decimal units as GNOME shows them
/// ("12.4 MB", g_format_size's style), durations as a clock ("1:05"), counts grouped ("12,345").
/// Sizes and lists follow the installed `Translation` (g_format_size and gettext in the window).
public enum HumanFormat {
    /// Bytes in kB, MB, GB… (powers of 1000), one decimal below 100 units, none above.
    public static func bytes(_ count: Int64) -> String {
        if let localized = Translation.current.bytes { return localized(count) }
        if count < 1000 { return count == 1 ? "1 byte" : "\(count) bytes" }
        let units = ["kB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(count) / 1000
        var unit = 0
        // Round first, so 999,950 bytes reads "1.0 MB" rather than "1000.0 kB".
        while unit < units.count - 1 && rounded(value) >= 1000 {
            value /= 1000
            unit += 1
        }
        let r = rounded(value)
        let text = r >= 100 ? String(Int(r.rounded())) : decimal(r)
        return "\(text) \(units[unit])"
    }

    /// "0:07", "1:05", "1:02:03": minutes and seconds, hours when there are some.
    public static func duration(_ seconds: Double) -> String {
        let total = seconds.isFinite ? Int(min(max(0, seconds), 1e12).rounded()) : 0
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// A player's two clocks: time played ("0:01") and time left ("−0:04"), for `elapsed`
    /// seconds into a clip of `duration` seconds (nil or 0 when unknown: no time left).
    ///
    /// The length reads as `duration(_:)` shows it everywhere else (rounded), played time
    /// counts whole seconds as they pass, and time left is the one minus the other: a 5.04-s
    /// clip shows 0:00 and −0:05 at its start, the two always add up to its length, and time
    /// left is never more than the length (GTK's own bar showed −0:06 there).
    public static func playback(elapsed: Double, duration: Double?) -> (elapsed: String, remaining: String?) {
        let played = elapsed.isFinite ? min(max(0, elapsed), 1e12) : 0
        guard let duration, duration.isFinite, duration > 0 else { return (self.duration(played.rounded(.down)), nil) }
        let length = Int(min(duration, 1e12).rounded())
        let shown = played >= duration ? length : min(length, Int(played.rounded(.down)))
        return (self.duration(Double(shown)), "\u{2212}" + self.duration(Double(length - shown)))
    }

    /// 12345 → "12,345".
    public static func count(_ n: Int) -> String {
        let digits = String(n.magnitude)
        // TRANSLATORS: the thousands separator in counts: "12,345" ("12.345" in German).
        let separator = digits.count > 3 ? tr(",") : ""
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += separator }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }

    /// A path with the home folder written "~", as the desktop shows folders.
    public static func path(_ path: RawPath, home: String?) -> String {
        let text = path.description
        guard let home, home.count > 1 else { return text }
        let h = home.hasSuffix("/") ? String(home.dropLast()) : home
        if text == h { return "~" }
        if text.hasPrefix(h + "/") { return "~" + text.dropFirst(h.count) }
        return text
    }

    /// Several items as prose: "a", "a and b", "a, b and c".
    public static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default:
            // TRANSLATORS: the separator between the first items of a list: "a, b and c".
            let separator = tr(", ")
            // TRANSLATORS: the last two items of a list: "a, b and c" ("a, b", then "c").
            return tr("%1$s and %2$s", items.dropLast().joined(separator: separator), items.last!)
        }
    }

    private static func rounded(_ v: Double) -> Double { v >= 100 ? v.rounded() : (v * 10).rounded() / 10 }

    private static func decimal(_ v: Double) -> String {
        let tenths = Int((v * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
