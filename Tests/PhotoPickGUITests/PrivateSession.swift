import Foundation
import TestSupport
import XCTest

/// What every GUI driver needs around the program it starts: a private X server and session
/// bus, the environment photopick runs in there, its ready signal (PHOTOPICK_READY_FILE, written once
/// the window shows the scanned library), finding its window, and xdotool on that display.
struct PrivateSession {
    let server: XvfbServer
    let bus: SessionBus
    let readyFile: String

    init() throws {
        guard Binaries.which("xdotool") != nil else { throw XCTSkip("xdotool is not installed (make deps installs it)") }
        server = try XvfbServer.start()
        bus = try SessionBus.start()
        readyFile = NSTemporaryDirectory() + "/photopick-ready-\(UUID().uuidString)"
    }

    /// This process's environment for a picker on the private server and bus: X11, in-memory
    /// settings, no accessibility bus, the ready file, and `extra` on top.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = server.display
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        env["WAYLAND_DISPLAY"] = nil
        env["GDK_BACKEND"] = "x11"
        env["GSK_RENDERER"] = "cairo"
        env["GSETTINGS_BACKEND"] = "memory"
        // No accessibility bus: GTK 4 would ask the session bus for one, which starts
        // at-spi-bus-launcher with a socket under ~/.cache shared by every test process.
        // The accessibility tests set up their own (GridAccessibilityTests).
        env["NO_AT_BRIDGE"] = "1"
        env["GTK_A11Y"] = "none"
        env["PHOTOPICK_READY_FILE"] = readyFile
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Waits for photopick's ready signal, then for a visible window `xdotool search` finds
    /// with `criteria` (e.g. `--pid N`), and gives it the keyboard focus.
    func waitForWindow(of process: RunningProcess, matching criteria: [String], what: String) throws -> String {
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: readyFile) {
            guard process.isRunning, Date() < deadline else {
                let out = process.wait(timeout: 1)
                throw GUITestError("photopick did not become ready (status \(out.status)): \(out.stderrText)")
            }
            usleep(20_000)
        }
        var found: String?
        while found == nil && Date() < deadline {
            found = try run(["search", "--onlyvisible"] + criteria).stdoutText.split(separator: "\n").last.map(String.init)
            if found == nil { usleep(50_000) }
        }
        guard let found else { throw GUITestError("no visible \(what)") }
        try xdotool(["windowfocus", "--sync", found])
        usleep(200_000)
        return found
    }

    /// Runs xdotool with `args`; a failure throws with what it said.
    func xdotool(_ args: [String]) throws {
        let out = try run(args)
        if out.status != 0 { throw GUITestError("xdotool \(args.joined(separator: " ")): \(out.stderrText)") }
    }

    /// Runs xdotool with `args` and returns what it printed, whatever its status.
    func run(_ args: [String]) throws -> ProcessRunner.Output {
        try ProcessRunner.run("/usr/bin/env", ["xdotool"] + args,
                              environment: ["DISPLAY": server.display, "PATH": "/usr/bin:/bin"], timeout: 10)
    }

    func removeReadyFile() { try? FileManager.default.removeItem(atPath: readyFile) }
}
