/// What `photopick portal enable` replaced, kept for `disable` (beside it, the old file's
/// bytes and the bytes enable wrote). A small text of `key=value` lines:
///
///     path=/home/ana/.config/xdg-desktop-portal/portals.conf
///     existed=yes
///     mode=644
///     created=/home/ana/.config/xdg-desktop-portal
///
/// The paths are read back from a file, so they are checked: only a file `enable` could have
/// written is ever put back, and only folders it is in are removed.
public struct SetupRecord: Sendable, Equatable {
    /// The two files enable may change, each with a slot of its own in the backup folder.
    public enum Kind: String, Sendable, CaseIterable {
        case portalsConf = "portals-conf"
        case dropIn = "systemd-drop-in"
    }

    public var path: String
    /// Whether a file was there before (else disable removes it).
    public var existed: Bool
    /// The old file's permission bits, 0o777 at most (for a new one, those it was written with).
    public var mode: UInt32
    /// The outermost folder enable made for the file (it and those inside it on the way to the
    /// file), nil when it made none: disable removes them again when they are empty.
    public var created: String?

    public init(path: String, existed: Bool, mode: UInt32, created: String? = nil) {
        self.path = path
        self.existed = existed
        self.mode = mode
        self.created = created
    }

    public var text: [UInt8] {
        Array("""
            # photopick portal enable changed this file; photopick portal disable puts back what was there.
            path=\(path)
            existed=\(existed ? "yes" : "no")
            mode=\(String(mode, radix: 8))

            """.utf8) + Array((created.map { "created=\($0)\n" } ?? "").utf8)
    }

    /// The record in `bytes` for `kind`, or nil when it is not one, or names a path enable
    /// would not write.
    public init?(_ bytes: [UInt8], kind: Kind) {
        var values: [String: String] = [:]
        for raw in bytes.split(separator: 0x0A) where raw.first != UInt8(ascii: "#") {
            guard let equals = raw.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            values[String(decoding: raw[..<equals], as: UTF8.self)] = String(decoding: raw[(equals + 1)...], as: UTF8.self)
        }
        guard let path = values["path"], Self.isManaged(path, kind: kind),
              let existed = values["existed"], existed == "yes" || existed == "no",
              let modeText = values["mode"], let mode = UInt32(modeText, radix: 8), mode <= 0o777 else { return nil }
        let created = values["created"]
        if let created, !Self.isPlain(created) || !(Self.parent(of: path) == created || path.hasPrefix(created + "/")) { return nil }
        self.init(path: path, existed: existed == "yes", mode: mode, created: created)
    }

    /// Whether `path` is the file enable writes for `kind` in `paths` now: a `portals.conf`
    /// of the user's configuration folder, or photopick's drop-in. A record names a path
    /// read back from a file; disable acts on no other.
    public func isWhereEnableWrites(_ kind: Kind, _ paths: SetupPaths) -> Bool {
        guard Self.isManaged(path, kind: kind) else { return false }
        if let created {
            guard let configHome = paths.configHome, created == configHome || created.hasPrefix(configHome + "/") else { return false }
        }
        switch kind {
        case .portalsConf:
            guard let dir = paths.userConfigDir, path.hasPrefix(dir + "/") else { return false }
            return !path.dropFirst(dir.count + 1).contains("/")
        case .dropIn:
            return path == paths.dropInPath
        }
    }

    /// A path `enable` writes for `kind`: absolute, no `.` or `..` component nor control
    /// character, and named as the portal's configuration or photopick's drop-in.
    public static func isManaged(_ path: String, kind: Kind) -> Bool {
        guard isPlain(path) else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard parts.count >= 3 else { return false }
        let name = String(parts[parts.endIndex - 1]), folder = String(parts[parts.endIndex - 2])
        switch kind {
        case .portalsConf:
            guard folder == "xdg-desktop-portal", name.hasSuffix("portals.conf") else { return false }
            if name == "portals.conf" { return true }
            let desktop = name.dropLast("-portals.conf".count)
            return name.hasSuffix("-portals.conf") && DesktopNames.isValid(String(desktop)) && desktop == desktop.lowercased()
        case .dropIn:
            return name == "photopick.conf" && folder == SetupPaths.portalUnit + ".d"
                && parts.count >= 4 && parts[parts.endIndex - 3] == "user" && parts.count >= 5 && parts[parts.endIndex - 4] == "systemd"
        }
    }

    /// Absolute, without an empty, `.` or `..` component or a control character.
    static func isPlain(_ path: String) -> Bool {
        guard path.hasPrefix("/"), !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    static func parent(of path: String) -> String { String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
}
