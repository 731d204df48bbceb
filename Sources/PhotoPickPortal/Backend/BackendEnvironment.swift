import Foundation
import PhotoPickCore
import PhotoPickSystem

/// Where the backend finds what it needs, from its environment (the session bus's
/// activation environment when D-Bus starts it).
public struct BackendEnvironment: Sendable {
    public var variables: [String: String]

    public init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    private func value(_ name: String) -> String? { variables[name].flatMap { $0.isEmpty ? nil : $0 } }

    /// The backend's own XDG folders (`BaseDirectories`: a relative value is ignored, as in
    /// photopick's `SettingsFile`; `HOME` unset: the user database's).
    public var folders: BaseDirectories { .ofThisProcess(variables) }

    /// `$XDG_CONFIG_HOME/photopick/portal.conf` (default `~/.config`).
    public var settingsPath: String { BaseDirectories.ofThisProcess(\.configHome, variables) + "/photopick/portal.conf" }

    /// Where xdg-desktop-portal reads `.portal` files: `XDG_DESKTOP_PORTAL_DIR` (its test
    /// override) or the system folder, which is all it reads.
    public var portalsDirectory: String { value("XDG_DESKTOP_PORTAL_DIR") ?? "/usr/share/xdg-desktop-portal/portals" }

    public var currentDesktop: String { value("XDG_CURRENT_DESKTOP") ?? "" }

    /// `XDG_RUNTIME_DIR`; nil when unset, empty or relative: the backend then refuses to run
    /// (no fallback to a shared /tmp).
    public var runtimeDirectory: String? { folders.runtimeDir }

    /// `PHOTOPICK_BIN`, for tests and unusual installs.
    public var photopickOverride: String? { value("PHOTOPICK_BIN") }

    public var path: [String] { (value("PATH") ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init) }
}
