import PhotoPickCore

/// Where xdg-desktop-portal, D-Bus and systemd look, from an environment, by the XDG base
/// directory rules (`BaseDirectories`: a variable that is unset, empty or not an absolute path
/// is ignored and its default used, and so is each relative entry of a list). The environment
/// may be another process's (`status` evaluates the portal's activation environment), so no
/// home is guessed: without an absolute `HOME` the user's folders are unknown.
/// xdg-desktop-portal's own folders are Debian's (`/usr/share`, `/etc`: the prefix it was built with).
public struct SetupPaths: Sendable, Equatable {
    public static let dataDir = "/usr/share/xdg-desktop-portal"
    public static let sysconfDir = "/etc/xdg-desktop-portal"
    public static let portalFileName = "photopick.portal"
    public static let backendServiceName = DelegateChoice.ownBusName + ".service"
    public static let frontendServiceName = "org.freedesktop.portal.Desktop.service"
    public static let portalUnit = "xdg-desktop-portal.service"

    /// Nil when `HOME` is not an absolute path: there is then no home to write to.
    public let home: String?
    public let configHome: String?
    public let configDirs: [String]
    public let dataHome: String?
    public let dataDirs: [String]
    public let stateHome: String?
    /// `XDG_DESKTOP_PORTAL_DIR`: the portal's test override; when set, the portal reads its
    /// `.portal` files and its configuration from this one folder and no other.
    public let portalDirOverride: String?
    public let currentDesktop: DesktopNames
    public let runtimeDir: String?
    public let sessionBusAddress: String?
    public let searchPath: String

    public init(environment: [String: String]) {
        let folders = BaseDirectories(environment: environment)
        home = folders.home
        configHome = folders.configHome
        configDirs = folders.configDirs
        dataHome = folders.dataHome
        dataDirs = folders.dataDirs
        stateHome = folders.stateHome
        // The paths photopick writes are compared and recorded in BaseDirectories' normal form.
        portalDirOverride = BaseDirectories.absolute(environment["XDG_DESKTOP_PORTAL_DIR"])
        currentDesktop = DesktopNames(environment["XDG_CURRENT_DESKTOP"] ?? "")
        runtimeDir = folders.runtimeDir
        sessionBusAddress = environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 }
        searchPath = environment["PATH"] ?? "/usr/bin:/bin"
    }

    /// `~/.config/xdg-desktop-portal`, where the user's `portals.conf` is.
    public var userConfigDir: String? { configHome.map { $0 + "/xdg-desktop-portal" } }

    /// The folders 1.17 and later read `(DESKTOP-)portals.conf` from, in their order: the
    /// first that holds a usable file decides everything.
    public var configSearch: [String] {
        if let portalDirOverride { return [portalDirOverride] }
        return (userConfigDir.map { [$0] } ?? []) + configDirs.map { $0 + "/xdg-desktop-portal" } + [Self.sysconfDir]
            + (dataHome.map { [$0 + "/xdg-desktop-portal"] } ?? []) + dataDirs.map { $0 + "/xdg-desktop-portal" } + [Self.dataDir]
    }

    /// The same without the user's folder: what the desktop configures for everyone.
    public var systemConfigSearch: [String] {
        portalDirOverride != nil || userConfigDir == nil ? configSearch : Array(configSearch.dropFirst())
    }

    /// The folders `version` reads `.portal` files from, in its order (an earlier one wins a name).
    public func portalFileDirs(_ version: PortalVersion) -> [String] {
        if let portalDirOverride { return [portalDirOverride] }
        guard version.readsPortalFilesFromDataDirs else { return [Self.dataDir + "/portals"] }
        return (dataHome.map { [$0] } ?? []).map { $0 + "/xdg-desktop-portal/portals" }
            + dataDirs.map { $0 + "/xdg-desktop-portal/portals" } + [Self.dataDir + "/portals"]
    }

    /// The session bus's service folders (where it finds what to start for a name).
    public var dbusServiceDirs: [String] {
        ((dataHome.map { [$0] } ?? []) + dataDirs).map { $0 + "/dbus-1/services" }
    }

    /// The systemd user drop-in 1.16 needs.
    public var dropInDir: String? { configHome.map { $0 + "/systemd/user/" + Self.portalUnit + ".d" } }
    public var dropInPath: String? { dropInDir.map { $0 + "/photopick.conf" } }

    /// Where `enable` keeps what it replaced, for `disable`.
    public var backupDir: String? { stateHome.map { $0 + "/photopick/portal-enable" } }

    /// The bus address to ask: `DBUS_SESSION_BUS_ADDRESS`, else the usual socket of a systemd
    /// session (`$XDG_RUNTIME_DIR/bus`, when `socketExists` says it is there). Never one
    /// D-Bus would have to start (autolaunch): a status must not start a bus.
    public func busAddress(socketExists: (String) -> Bool) -> String? {
        if let sessionBusAddress { return sessionBusAddress }
        guard let runtimeDir, socketExists(runtimeDir + "/bus") else { return nil }
        return "unix:path=" + Self.escapedAddressValue(runtimeDir + "/bus")
    }

    /// A D-Bus address value: bytes outside [-0-9A-Za-z_/.\*] as %XX.
    static func escapedAddressValue(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-_/.\\*".contains(c) {
                out.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// The socket a running systemd user instance listens on.
    public var systemdPrivateSocket: String? { runtimeDir.map { $0 + "/systemd/private" } }
}
