import Foundation
import TestSupport
import XCTest

/// Starts `photopick` on a private X server and drives it with xdotool like a user.
final class PickerDriver {
    private let session: PrivateSession
    var server: XvfbServer { session.server }
    let process: RunningProcess
    let windowID: String

    /// Where the picker keeps its settings, fresh for each driver unless the test passes
    /// XDG_CONFIG_HOME (so one test's window size or album never leaks into the next).
    private var configHome: TemporaryDirectory?

    /// Launches the picker with `arguments` and waits until its window shows the scanned library.
    /// `launcher` runs before the program (e.g. `setpriv` to run it as another user).
    init(arguments: [String], environment extra: [String: String] = [:], launcher: [String] = [],
         file: StaticString = #filePath, line: UInt = #line) throws {
        session = try PrivateSession()
        var settings: [String: String] = [:]
        if extra["XDG_CONFIG_HOME"] == nil {
            let config = TemporaryDirectory(prefix: "photopick-config")
            configHome = config
            settings["XDG_CONFIG_HOME"] = config.path
        }
        let env = session.environment(settings.merging(extra) { $1 })
        if let program = launcher.first {
            process = try ProcessRunner.start(program, Array(launcher.dropFirst()) + [Binaries.photopick] + arguments, environment: env)
        } else {
            process = try ProcessRunner.start(Binaries.photopick, arguments, environment: env)
        }
        windowID = try session.waitForWindow(of: process, matching: ["--pid", String(process.process.processIdentifier)],
                                             what: "picker window")
    }

    deinit {
        session.removeReadyFile()
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

    /// Double-clicks at a point in window coordinates.
    func doubleClick(x: Int, y: Int) throws {
        try xdotool(["mousemove", "--window", windowID, String(x), String(y)])
        usleep(80_000)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"])
        usleep(300_000)
    }

    /// Types text into whatever has the keyboard focus (a dialog's location field).
    func type(_ text: String) throws {
        try xdotool(["type", "--delay", "20", text])
        usleep(150_000)
    }

    /// The window's size, as the X server has it.
    func windowSize() throws -> (width: Int, height: Int) {
        let out = try session.run(["getwindowgeometry", "--shell", windowID])
        var values: [String: Int] = [:]
        for line in out.stdoutText.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        guard let w = values["WIDTH"], let h = values["HEIGHT"] else { throw GUITestError("no geometry: \(out.stdoutText)") }
        return (w, h)
    }

    /// Resizes the window as a window manager would on a user's drag.
    func resize(width: Int, height: Int) throws {
        try xdotool(["windowsize", "--sync", windowID, String(width), String(height)])
        usleep(300_000)
    }

    /// Gives the picker's window the keyboard focus again (after a dialog of its own closed).
    func refocus() throws {
        try xdotool(["windowfocus", "--sync", windowID])
        usleep(100_000)
    }

    /// Presses the left button at one point, moves there in steps, and lets go at another:
    /// a drag as a hand makes it, with motion events in between.
    func drag(from: (x: Int, y: Int), to: (x: Int, y: Int), steps: Int = 8) throws {
        try xdotool(["mousemove", "--window", windowID, String(from.x), String(from.y)])
        usleep(80_000)
        try xdotool(["mousedown", "1"])
        usleep(80_000)
        for i in 1...steps {
            let x = from.x + (to.x - from.x) * i / steps, y = from.y + (to.y - from.y) * i / steps
            try xdotool(["mousemove", "--window", windowID, String(x), String(y)])
            usleep(40_000)
        }
        try xdotool(["mouseup", "1"])
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

    private func xdotool(_ args: [String]) throws { try session.xdotool(args) }
}
