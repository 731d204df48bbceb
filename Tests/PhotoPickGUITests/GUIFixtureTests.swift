import Foundation
import TestSupport
import XCTest

/// The shared launcher itself: one X server and bus per process, and the environment every
/// GUI program gets from it.
final class GUIFixtureTests: XCTestCase {
    func testOneServerAndBusPerProcess() throws {
        let first = try GUIFixture.shared(), second = try GUIFixture.shared()
        XCTAssertTrue(first === second)
        XCTAssertTrue(try XvfbServer.start() === first.server)
        XCTAssertTrue(try SessionBus.start() === first.bus)
        // The server answers on its display, the bus on its address.
        XCTAssertEqual(try first.xdotool.output(["getdisplaygeometry"]).stdoutText, "1280 800\n")
        let ping = try ProcessRunner.run("/usr/bin/env", ["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus",
                                                          "/org/freedesktop/DBus", "org.freedesktop.DBus.GetId"],
                                         environment: ["DBUS_SESSION_BUS_ADDRESS": first.bus.address, "PATH": "/usr/bin:/bin"], timeout: 10)
        XCTAssertEqual(ping.status, 0, ping.stderrText)
    }

    func testTheEnvironmentPointsAtTheFixture() throws {
        let fixture = try GUIFixture.shared()
        let env = fixture.environment(readyFile: "/tmp/ready", ["XDG_CONFIG_HOME": "/tmp/config"])
        XCTAssertEqual(env["DISPLAY"], fixture.server.display)
        XCTAssertEqual(env["DBUS_SESSION_BUS_ADDRESS"], fixture.bus.address)
        XCTAssertNil(env["WAYLAND_DISPLAY"])
        XCTAssertEqual(env["GDK_BACKEND"], "x11")
        XCTAssertEqual(env["GTK_A11Y"], "none")
        XCTAssertEqual(env["NO_AT_BRIDGE"], "1")
        XCTAssertEqual(env["PHOTOPICK_READY_FILE"], "/tmp/ready")
        XCTAssertEqual(env["XDG_CONFIG_HOME"], "/tmp/config", "the caller's values win")
        XCTAssertEqual(env["XDG_RUNTIME_DIR"], fixture.runtimeDirectory)
        XCTAssertEqual(env["XDG_CACHE_HOME"], fixture.cacheDirectory)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: fixture.runtimeDirectory)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o700, "a runtime folder is private")

        let accessible = fixture.environment(accessible: true)
        XCTAssertNil(accessible["GTK_A11Y"])
        XCTAssertNil(accessible["NO_AT_BRIDGE"])
        XCTAssertNil(accessible["PHOTOPICK_READY_FILE"])
    }
}
