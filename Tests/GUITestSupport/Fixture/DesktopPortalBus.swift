import Foundation
import TestSupport
import XCTest

/// A session bus of its own with a desktop's portals on it, as a desktop has them: the real
/// xdg-desktop-portal with xdg-desktop-portal-gtk as its backend, both D-Bus activated on the
/// fixture's display (the fixture's own bus gives its services no display, so no portal there
/// can answer). A program given `address` as its DBUS_SESSION_BUS_ADDRESS meets them. Their
/// Settings portal tells the desktop's appearance: GNOME's color-scheme setting (here in a
/// keyfile, GSETTINGS_BACKEND=keyfile) as xdg-desktop-portal-gtk reads it. libadwaita asks that
/// portal first, and from 1.4 asks nothing else (GNOME's setting itself only with
/// ADW_DISABLE_PORTAL=1). `stop` ends the bus and everything it started.
public final class DesktopPortalBus {
    public let bus: SessionBus
    public var address: String { bus.address }
    private let log: String

    /// `colorScheme`: GNOME's setting ("prefer-dark", "default", "prefer-light"), or nil to
    /// leave it unset. Throws XCTSkip when a part of the desktop is not installed.
    public init(in dir: String, colorScheme: String? = nil) throws {
        for (path, package) in [("/usr/libexec/xdg-desktop-portal", "xdg-desktop-portal"),
                                ("/usr/libexec/xdg-desktop-portal-gtk", "xdg-desktop-portal-gtk")]
        where !FileManager.default.fileExists(atPath: path) {
            throw XCTSkip("\(path) is missing: install \(package) (make deps does)")
        }
        let config = dir + "/config"
        if let colorScheme {
            let schemas = try ProcessRunner.run("/usr/bin/env", ["gsettings", "list-keys", "org.gnome.desktop.interface"],
                                                environment: ["PATH": "/usr/bin:/bin"])
            guard schemas.stdoutText.split(separator: "\n").contains("color-scheme") else {
                throw XCTSkip("the org.gnome.desktop.interface schema with color-scheme is not installed")
            }
            try FileManager.default.createDirectory(atPath: config + "/glib-2.0/settings", withIntermediateDirectories: true)
            try Data("[org/gnome/desktop/interface]\ncolor-scheme='\(colorScheme)'\n".utf8)
                .write(to: URL(fileURLWithPath: config + "/glib-2.0/settings/keyfile"))
        }
        // xdg-desktop-portal 1.18 and later choose backends by portals.conf: the GTK one for
        // this made-up desktop. 1.16 takes every backend offering Settings.
        try FileManager.default.createDirectory(atPath: config + "/xdg-desktop-portal", withIntermediateDirectories: true)
        try Data("[preferred]\ndefault=gtk\n".utf8).write(to: URL(fileURLWithPath: config + "/xdg-desktop-portal/portals.conf"))
        log = dir + "/bus.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)

        let fixture = try GUIFixture.shared()
        var environment = GUIEnvironment.make(base: ProcessInfo.processInfo.environment, display: fixture.server.display,
                                              busAddress: nil, folders: .init(config: config, cache: fixture.cacheDirectory,
                                                                              runtime: fixture.runtimeDirectory),
                                              readyFile: nil)
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil  // the bus gives its services its own
        environment["GSETTINGS_BACKEND"] = "keyfile"
        environment["XDG_CURRENT_DESKTOP"] = "x-photopick-test"
        bus = try SessionBus.launch(environment: environment, log: log)
    }

    deinit { stop() }

    public func stop() { bus.stop() }

    /// What the Settings portal answers for org.freedesktop.appearance color-scheme (0 no
    /// preference, 1 dark, 2 light), asked with gdbus; starting the portal and its backend
    /// on the way, so a program started next finds them running. Nil when it cannot answer.
    public func portalColorScheme() throws -> Int? {
        guard Binaries.which("gdbus") != nil else { throw XCTSkip("gdbus is not installed (libglib2.0-bin)") }
        let out = try ProcessRunner.run("/usr/bin/env", ["gdbus", "call", "--session", "--dest", "org.freedesktop.portal.Desktop",
                                                         "--object-path", "/org/freedesktop/portal/desktop",
                                                         "--method", "org.freedesktop.portal.Settings.Read",
                                                         "org.freedesktop.appearance", "color-scheme"],
                                        environment: ["PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": address], timeout: 60)
        // "(<<uint32 1>>,)"
        guard out.status == 0, let number = out.stdoutText.split(whereSeparator: { !$0.isNumber }).last else { return nil }
        return Int(number)
    }

    /// What the portal and its backend wrote on stderr.
    public func logText() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
}
