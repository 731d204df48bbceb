/// The systemd user drop-in that makes xdg-desktop-portal 1.16 choose photopick for the
/// FileChooser (`~/.config/systemd/user/xdg-desktop-portal.service.d/photopick.conf`). 1.16
/// has no `portals.conf`: it gives each interface to the first backend whose `UseIn` names a
/// desktop of `XDG_CURRENT_DESKTOP`, in the desktops' order. photopick.portal says
/// `UseIn=photopick` and offers the FileChooser alone, so putting `photopick` first gives it
/// the FileChooser and leaves every other interface to the session's desktops, as before.
public enum PortalDropIn {
    public static let desktop = "photopick"

    /// `photopick`, then the session's desktops (valid names only: they go into a unit file;
    /// an earlier `photopick` left out). Nil without a desktop: `photopick` alone would take
    /// every other portal away from the desktop's backends.
    public static func desktops(for session: DesktopNames) -> [String]? {
        let others = session.valid.filter { $0.lowercased() != desktop }
        return others.isEmpty ? nil : [desktop] + others
    }

    public static func text(desktops: [String]) -> [UInt8] {
        Array("""
            # Written by "photopick portal enable" for xdg-desktop-portal 1.16, which gives each portal
            # to the first backend whose UseIn names a desktop of XDG_CURRENT_DESKTOP: photopick.portal
            # says UseIn=photopick, so photopick answers the FileChooser and the desktops after it the rest.
            # It takes effect when systemd starts the portal. "photopick portal disable" removes this file.
            [Service]
            Environment=XDG_CURRENT_DESKTOP=\(desktops.joined(separator: ":"))

            """.utf8)
    }

    /// The `XDG_CURRENT_DESKTOP` that drop-ins (in the order systemd applies them) give the
    /// service, or nil when none sets it. Read as systemd reads `Environment=` in `[Service]`:
    /// space-separated assignments, each maybe in double or single quotes, a later one winning,
    /// an empty `Environment=` clearing what came before.
    public static func currentDesktop(in files: [[UInt8]]) -> String? {
        var value: String?
        for file in files {
            var section = ""
            for raw in file.split(separator: 0x0A, omittingEmptySubsequences: false) {
                let line = String(decoding: raw, as: UTF8.self).trimmingWhitespace
                if line.hasPrefix("#") || line.hasPrefix(";") || line.isEmpty { continue }
                if line.hasPrefix("["), line.hasSuffix("]") { section = String(line.dropFirst().dropLast()); continue }
                guard section == "Service", let equals = line.firstIndex(of: "="),
                      line[..<equals].trimmingWhitespace == "Environment" else { continue }
                let assignments = words(String(line[line.index(after: equals)...]))
                if assignments.isEmpty { value = nil }
                for assignment in assignments where assignment.hasPrefix("XDG_CURRENT_DESKTOP=") {
                    value = String(assignment.dropFirst("XDG_CURRENT_DESKTOP=".count))
                }
            }
        }
        return value
    }

    /// systemd's word splitting of an `Environment=` value: spaces separate, quotes group,
    /// a backslash escapes the next character.
    static func words(_ text: String) -> [String] {
        var out: [String] = [], current = "", inWord = false
        var quote: Character?, escaped = false
        for c in text {
            if escaped { current.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; inWord = true; continue }
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
                continue
            }
            if c == "\"" || c == "'" { quote = c; inWord = true; continue }
            if c == " " || c == "\t" {
                if inWord { out.append(current); current = ""; inWord = false }
                continue
            }
            current.append(c)
            inWord = true
        }
        if inWord { out.append(current) }
        return out
    }
}

extension String {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}

extension Substring {
    var trimmingWhitespace: String { String(self).trimmingWhitespace }
}
