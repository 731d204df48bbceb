import Foundation
import TestSupport

/// A throwaway home with a stand-in xdg-desktop-portal: its D-Bus service file names a script
/// that answers `--version` with the version asked for, so `photopick portal` takes that
/// version's branch on any machine. photopick's and -gtk's `.portal` files and photopick's
/// service file are in the home's data folder, where 1.20.1 and later read them (1.16 is
/// pointed there by XDG_DESKTOP_PORTAL_DIR). Nothing outside the temporary folder is written.
struct FakePortalHome {
    let dir = TemporaryDirectory(prefix: "photopick-fake-portal")
    var home: String { dir.path + "/home" }
    var configDir: String { home + "/config/xdg-desktop-portal" }
    var portalsDir: String { home + "/data/xdg-desktop-portal/portals" }
    let version: String

    /// `script` replaces the program's body (after `#!/bin/sh`); by default it prints the version.
    init(version: String, script: String? = nil) throws {
        self.version = version
        let services = home + "/data/dbus-1/services"
        let program = home + "/bin/xdg-desktop-portal"
        for folder in [services, portalsDir, home + "/bin", home + "/share", home + "/run"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try ExecutableScript.write("#!/bin/sh\n" + (script ?? "echo 'xdg-desktop-portal \(version)'\n"), to: program)
        try write("[D-BUS Service]\nName=org.freedesktop.portal.Desktop\nExec=\(program)\n",
                  services + "/org.freedesktop.portal.Desktop.service")
        try write("[D-BUS Service]\nName=org.freedesktop.impl.portal.desktop.photopick\nExec=/bin/false\n",
                  services + "/org.freedesktop.impl.portal.desktop.photopick.service")
        try write("[portal]\nDBusName=org.freedesktop.impl.portal.desktop.photopick\nInterfaces=org.freedesktop.impl.portal.FileChooser;\nUseIn=photopick\n",
                  portalsDir + "/photopick.portal")
        try write("[portal]\nDBusName=org.freedesktop.impl.portal.desktop.gtk\nInterfaces=org.freedesktop.impl.portal.FileChooser;org.freedesktop.impl.portal.Settings;\nUseIn=gnome\n",
                  portalsDir + "/gtk.portal")
    }

    /// The session: `desktop` as XDG_CURRENT_DESKTOP (none when nil); no bus, no systemd.
    func environment(desktop: String?) -> [String: String] {
        var env = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_CONFIG_HOME": home + "/config",
                   "XDG_STATE_HOME": home + "/state", "XDG_DATA_HOME": home + "/data", "XDG_DATA_DIRS": home + "/share",
                   "XDG_CONFIG_DIRS": home + "/etc-xdg", "XDG_RUNTIME_DIR": home + "/run"]
        env["XDG_CURRENT_DESKTOP"] = desktop
        // 1.16 reads .portal files from /usr/share alone unless told otherwise.
        if version.hasPrefix("1.16") { env["XDG_DESKTOP_PORTAL_DIR"] = portalsDir }
        return env
    }

    func photopick(_ arguments: [String], desktop: String?) throws -> ProcessRunner.Output {
        try ProcessRunner.run(Binaries.photopick, arguments, environment: environment(desktop: desktop), timeout: 60)
    }

    func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// What is in a folder of the home (empty when it is not there).
    func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }
}
