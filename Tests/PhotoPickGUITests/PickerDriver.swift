import Foundation
import TestSupport
import XCTest

/// Starts `photopick` on a private X server and drives it with xdotool like a user.
final class PickerDriver {
    let server: XvfbServer
    let process: RunningProcess
    let windowID: String
    private let readyFile: String

    /// Launches the picker with `arguments` and waits until its window shows the scanned library.
    init(arguments: [String], environment extra: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws {
        guard Binaries.which("xdotool") != nil else { throw XCTSkip("xdotool is not installed (make deps installs it)") }
        server = try XvfbServer.start()
        readyFile = NSTemporaryDirectory() + "/photopick-ready-\(UUID().uuidString)"
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = server.display
        env["WAYLAND_DISPLAY"] = nil
        env["GDK_BACKEND"] = "x11"
        env["GSK_RENDERER"] = "cairo"
        env["GSETTINGS_BACKEND"] = "memory"
        env["NO_AT_BRIDGE"] = "1"
        env["PHOTOPICK_READY_FILE"] = readyFile
        for (k, v) in extra { env[k] = v }
        process = try ProcessRunner.start(Binaries.photopick, arguments, environment: env)

        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: readyFile) {
            guard process.isRunning, Date() < deadline else {
                let out = process.wait(timeout: 1)
                throw GUITestError("picker did not become ready (status \(out.status)): \(out.stderrText)")
            }
            usleep(20_000)
        }
        var found: String?
        while found == nil && Date() < deadline {
            let search = try ProcessRunner.run("/usr/bin/env", ["xdotool", "search", "--onlyvisible", "--pid",
                                                                String(process.process.processIdentifier)],
                                               environment: ["DISPLAY": server.display, "PATH": "/usr/bin:/bin"], timeout: 5)
            found = search.stdoutText.split(separator: "\n").last.map(String.init)
            if found == nil { usleep(50_000) }
        }
        guard let found else { throw GUITestError("no visible picker window") }
        windowID = found
        try xdotool(["windowfocus", "--sync", windowID])
        usleep(200_000)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: readyFile)
        if process.isRunning { _ = process.wait(timeout: 0) }
    }

    /// Presses keys in order (xdotool key names: Right, space, Return, Escape…).
    func press(_ keys: String...) throws {
        for key in keys {
            try xdotool(["key", "--clearmodifiers", key])
            usleep(80_000)
        }
    }

    /// Clicks at a point in window coordinates.
    func click(x: Int, y: Int) throws {
        try xdotool(["mousemove", "--window", windowID, String(x), String(y)])
        usleep(80_000)
        try xdotool(["click", "1"])
        usleep(150_000)
    }

    /// Waits for the picker to exit and returns its exit status and output.
    func finish(timeout: Double = 15) -> ProcessRunner.Output {
        process.wait(timeout: timeout)
    }

    /// Saves a screenshot of the whole screen (for a person to look at when a test fails).
    func screenshot(_ path: String) {
        _ = try? ProcessRunner.run("/usr/bin/env", ["import", "-window", "root", path],
                                   environment: ["DISPLAY": server.display, "PATH": "/usr/bin:/bin"], timeout: 20)
    }

    private func xdotool(_ args: [String]) throws {
        let out = try ProcessRunner.run("/usr/bin/env", ["xdotool"] + args,
                                        environment: ["DISPLAY": server.display, "PATH": "/usr/bin:/bin"], timeout: 10)
        if out.status != 0 { throw GUITestError("xdotool \(args.joined(separator: " ")): \(out.stderrText)") }
    }
}
