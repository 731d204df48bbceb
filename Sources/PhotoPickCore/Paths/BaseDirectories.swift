/// The XDG base directories (freedesktop.org's Base Directory Specification), from an
/// environment: the one place photopick reads `XDG_CONFIG_HOME`, `XDG_CACHE_HOME`,
/// `XDG_DATA_HOME`, `XDG_STATE_HOME`, `XDG_CONFIG_DIRS`, `XDG_DATA_DIRS` and
/// `XDG_RUNTIME_DIR` (`BaseDirectoriesAuditTests` fails on a source that names one elsewhere).
///
/// The spec's rules, applied to every variable alike: unset or empty means the default
/// (`$HOME/.config`, `$HOME/.cache`, `$HOME/.local/share`, `$HOME/.local/state`, `/etc/xdg`,
/// `/usr/local/share:/usr/share`); "all paths set in these environment variables must be
/// absolute. If an implementation encounters a relative path in any of these variables it
/// should consider the path invalid and ignore it": a relative value means the default too,
/// a relative entry of a list is left out, and a list with no absolute entry is the default
/// list. `XDG_RUNTIME_DIR` has no default. `HOME` counts only when it is absolute; without it
/// the folders under it are unknown (nil) and the caller says what that means: PhotoPickSystem's
/// `BaseDirectories.ofThisProcess` takes the user database's home instead, as GLib and
/// Foundation do for a process's own folders; `SettingsFile` and `SetupPaths`, handed an
/// environment, have nowhere to write. Every path comes out without empty or `.` components
/// and without a trailing slash (`/home//ana/./` is `/home/ana`).
///
/// Why not GLib's `g_get_user_config_dir`, `g_get_user_cache_dir`…:
/// - GLib (2.74 in Debian 12, and still 2.89) takes any non-empty value as it
///   is: with `XDG_CONFIG_HOME=relative/cfg` it answers `relative/cfg`, a folder relative to
///   wherever the process happens to run, and with `HOME` set but empty it answers `.config`.
///   (`g_build_user_config_dir` in glib/gutils.c checks `config_dir_env[0]`, nothing more.)
/// - It reads the process's environment once and keeps the answer for the process's life,
///   while photopick also names folders for other environments: the portal's activation
///   environment that `photopick portal status` evaluates, and the tests' dictionaries.
/// - `g_get_user_runtime_dir` falls back to the cache folder, where the portal backend must
///   refuse to keep requests.
/// - PhotoPickCore (`SettingsFile`) has no GLib.
public struct BaseDirectories: Sendable, Equatable {
    /// `HOME` when absolute, else the caller's fallback when that is; nil otherwise.
    public let home: String?
    /// `$XDG_CONFIG_HOME`, or `~/.config`.
    public let configHome: String?
    /// `$XDG_CACHE_HOME`, or `~/.cache`.
    public let cacheHome: String?
    /// `$XDG_DATA_HOME`, or `~/.local/share`.
    public let dataHome: String?
    /// `$XDG_STATE_HOME`, or `~/.local/state`.
    public let stateHome: String?
    /// `$XDG_CONFIG_DIRS`, or `/etc/xdg`; most important first.
    public let configDirs: [String]
    /// `$XDG_DATA_DIRS`, or `/usr/local/share`, `/usr/share`; most important first.
    public let dataDirs: [String]
    /// `$XDG_RUNTIME_DIR`; nil when unset, empty or relative (there is no default).
    public let runtimeDir: String?

    public static let defaultConfigDirs = ["/etc/xdg"]
    public static let defaultDataDirs = ["/usr/local/share", "/usr/share"]

    /// The folders `environment` names. `homeFallback` stands in for a `HOME` that is unset,
    /// empty or relative (PhotoPickSystem passes the user database's home for the process's own).
    public init(environment: [String: String], homeFallback: String? = nil) {
        func variable(_ name: String) -> String? { Self.absolute(environment[name]) }
        func list(_ name: String, default fallback: [String]) -> [String] {
            let entries = (environment[name] ?? "").split(separator: ":").compactMap { Self.absolute(String($0)) }
            return entries.isEmpty ? fallback : entries
        }
        let home = Self.absolute(environment["HOME"]) ?? Self.absolute(homeFallback)
        func underHome(_ relative: String) -> String? { home.map { Self.normalized($0 + "/" + relative) } }
        self.home = home
        configHome = variable("XDG_CONFIG_HOME") ?? underHome(".config")
        cacheHome = variable("XDG_CACHE_HOME") ?? underHome(".cache")
        dataHome = variable("XDG_DATA_HOME") ?? underHome(".local/share")
        stateHome = variable("XDG_STATE_HOME") ?? underHome(".local/state")
        configDirs = list("XDG_CONFIG_DIRS", default: Self.defaultConfigDirs)
        dataDirs = list("XDG_DATA_DIRS", default: Self.defaultDataDirs)
        runtimeDir = variable("XDG_RUNTIME_DIR")
    }

    /// `value` normalized when it is an absolute path; nil when it is missing, empty or relative.
    public static func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return normalized(value)
    }

    /// An absolute path without empty or `.` components: `/home//ana/./x/` is `/home/ana/x`.
    public static func normalized(_ path: String) -> String {
        "/" + path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }
}
