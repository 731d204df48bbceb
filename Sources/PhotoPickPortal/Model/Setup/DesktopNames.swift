/// `XDG_CURRENT_DESKTOP`: the desktops of this session, most specific first ("ubuntu:GNOME").
/// xdg-desktop-portal 1.17 and later keep only names of ASCII letters, digits, `-` and `_`,
/// and read `NAME-portals.conf` files by their lowercased form; photopick reads those files
/// too and writes the names into a systemd drop-in, so it never uses another name at all:
/// a name can then neither leave the portal's folders (`../x`) nor break the drop-in's syntax.
public struct DesktopNames: Sendable, Equatable {
    /// The names as given, without empty ones (1.16 compares these, ignoring case).
    public let entries: [String]

    public init(_ value: String) {
        entries = value.split(separator: ":").map(String.init)
    }

    /// A name the portal accepts: one or more of [A-Za-z0-9_-].
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    /// The valid names, as given.
    public var valid: [String] { entries.filter(Self.isValid) }

    /// The names left out, for a warning.
    public var rejected: [String] { entries.filter { !Self.isValid($0) } }

    /// The valid names lowercased (ASCII), as 1.17 and later use them: `gnome` for `GNOME`.
    public var lowercased: [String] { valid.map { $0.lowercased() } }

    /// The file names a desktop's own configuration has, in the order the portal tries them.
    public var configFileNames: [String] { lowercased.map { $0 + "-portals.conf" } }

    /// The file `enable` writes in the user's folder when none there is usable: named as the
    /// desktop's file its entries are copied from (`source`, `gnome-portals.conf`), else for
    /// the session's first desktop. Never `portals.conf`, which every desktop without a file
    /// of its own reads: a login to another desktop goes on reading its own configuration.
    /// Nil without a valid desktop.
    public func userConfigFileName(copying source: String?) -> String? {
        if let name = source?.split(separator: "/").last.map(String.init), configFileNames.contains(name) { return name }
        return configFileNames.first
    }
}
