/// The one place a GUI program's environment is made: which display and bus it uses, how GTK
/// draws and stores settings there, its folders, accessibility, and photopick's ready signal.
public enum GUIEnvironment {
    /// Where a program keeps its files. Nil members are left as `base` has them.
    public struct Folders: Sendable {
        public var home: String?, config: String?, data: String?, cache: String?, runtime: String?
        public init(home: String? = nil, config: String? = nil, data: String? = nil, cache: String? = nil, runtime: String? = nil) {
            (self.home, self.config, self.data, self.cache, self.runtime) = (home, config, data, cache, runtime)
        }
    }

    /// `base` with the desktop on top: X11 on `display` through cairo (what Xvfb offers,
    /// fast and deterministic), in-memory settings, `busAddress` (nil: left unset, as for the
    /// bus's own activation environment), the folders, and `readyFile` as PHOTOPICK_READY_FILE.
    /// `accessible` false turns the accessibility bridge off: GTK 4 would otherwise ask the
    /// session bus for an AT-SPI bus, which starts at-spi-bus-launcher with a socket shared
    /// by every test process (the accessibility test sets one up of its own).
    public static func make(base: [String: String], display: String, busAddress: String?, folders: Folders,
                            readyFile: String?, accessible: Bool = false) -> [String: String] {
        var env = base
        env["DISPLAY"] = display
        env["WAYLAND_DISPLAY"] = nil
        env["GDK_BACKEND"] = "x11"
        env["GSK_RENDERER"] = "cairo"
        env["GSETTINGS_BACKEND"] = "memory"
        if let busAddress { env["DBUS_SESSION_BUS_ADDRESS"] = busAddress }
        let set: [(String, String?)] = [("HOME", folders.home), ("XDG_CONFIG_HOME", folders.config), ("XDG_DATA_HOME", folders.data),
                                        ("XDG_CACHE_HOME", folders.cache), ("XDG_RUNTIME_DIR", folders.runtime)]
        for case let (name, value?) in set { env[name] = value }
        if accessible {
            env["NO_AT_BRIDGE"] = nil
            env["GTK_A11Y"] = nil
        } else {
            env["NO_AT_BRIDGE"] = "1"
            env["GTK_A11Y"] = "none"
        }
        if let readyFile { env["PHOTOPICK_READY_FILE"] = readyFile }
        return env
    }
}
