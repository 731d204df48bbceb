/// The installed xdg-desktop-portal's version, and what that version does differently when it
/// chooses a backend (read from its sources, tags 1.16.0 to 1.20.3).
public struct PortalVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let major: Int, minor: Int, micro: Int

    public init(_ major: Int, _ minor: Int, _ micro: Int = 0) {
        self.major = major
        self.minor = minor
        self.micro = micro
    }

    public var description: String { "\(major).\(minor).\(micro)" }

    public static func < (a: PortalVersion, b: PortalVersion) -> Bool {
        (a.major, a.minor, a.micro) < (b.major, b.minor, b.micro)
    }

    /// The version in `xdg-desktop-portal --version`'s answer ("xdg-desktop-portal 1.16.0") or
    /// in a package version ("1.20.3+ds-1"): the first word starting with a digit, read as
    /// MAJOR.MINOR[.MICRO] up to the first other character. Nil without one.
    public static func parse(_ text: String) -> PortalVersion? {
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            guard let first = word.unicodeScalars.first, ("0"..."9").contains(first) else { continue }
            var numbers: [Int] = []
            var digits = ""
            for scalar in word.unicodeScalars {
                if ("0"..."9").contains(scalar), digits.count < 6 {
                    digits.unicodeScalars.append(scalar)
                } else if scalar == ".", !digits.isEmpty, numbers.count < 2 {
                    numbers.append(Int(digits)!)
                    digits = ""
                } else {
                    break
                }
            }
            if !digits.isEmpty { numbers.append(Int(digits)!) }
            guard numbers.count >= 2 else { return nil }
            return PortalVersion(numbers[0], numbers[1], numbers.count > 2 ? numbers[2] : 0)
        }
        return nil
    }

    /// 1.17 (the development series before 1.18) and later choose by `portals.conf`; 1.16
    /// by the `UseIn` key of the `.portal` files alone.
    public var readsPortalsConf: Bool { self >= PortalVersion(1, 17, 0) }

    /// From 1.19 a `portals.conf` list is tried in its own order; 1.17 and 1.18 went through
    /// the `.portal` files in theirs (UseIn, then name) and took the first the list names.
    public var triesTheListInItsOrder: Bool { self >= PortalVersion(1, 19, 0) }

    /// From 1.18.2 xdg-desktop-portal-gtk answers what nothing else was chosen for.
    public var fallsBackToGtk: Bool { self >= PortalVersion(1, 18, 2) }

    /// From 1.20.1 `.portal` files are read from `$XDG_DATA_HOME` and `$XDG_DATA_DIRS` too,
    /// not only from `/usr/share/xdg-desktop-portal/portals`.
    public var readsPortalFilesFromDataDirs: Bool { self >= PortalVersion(1, 20, 1) }
}
