import Foundation
import TestSupport

/// xdotool on one X display: what a user's hands do (keys, clicks, drags, typing) and what a
/// window manager knows (which windows are visible, their size, the focus).
public struct Xdotool: Sendable {
    public let display: String

    public init(display: String) { self.display = display }

    /// Runs xdotool with `args`; a failure throws with what it said.
    public func callAsFunction(_ args: [String]) throws {
        let out = try output(args)
        if out.status != 0 { throw GUITestError("xdotool \(args.joined(separator: " ")): \(out.stderrText)") }
    }

    /// Runs xdotool with `args` and returns what it printed, whatever its status.
    public func output(_ args: [String]) throws -> ProcessRunner.Output {
        try ProcessRunner.run("/usr/bin/env", ["xdotool"] + args, environment: ["DISPLAY": display, "PATH": "/usr/bin:/bin"], timeout: 20)
    }

    // MARK: Hands

    /// Presses keys in order (xdotool key names: Right, space, Return, Escape, ctrl+a…) into
    /// whatever has the keyboard focus, a pause after each. For a window whose trace the test
    /// cannot read (the picker xdg-desktop-portal starts); PickerDriver waits for each key.
    public func press(_ keys: [String]) throws {
        for key in keys {
            try self(["key", "--clearmodifiers", key])
            usleep(80_000)
        }
    }

    /// Moves the pointer to a point in `window`'s coordinates.
    public func move(_ window: String, x: Int, y: Int) throws {
        try self(["mousemove", "--window", window, String(x), String(y)])
    }

    /// Clicks at a point in `window`'s coordinates, `count` times (a double click: 2), with
    /// pauses; for a window whose trace the test cannot read, as `press`.
    public func click(_ window: String, x: Int, y: Int, count: Int = 1) throws {
        try move(window, x: x, y: y)
        usleep(80_000)
        try self(count == 1 ? ["click", "1"] : ["click", "--repeat", String(count), "--delay", "60", "1"])
        usleep(count == 1 ? 150_000 : 300_000)
    }

    /// Presses the left button at `from`, holds still `holdFirst` seconds, moves to `to` in
    /// `steps` (`stepPause` seconds apart), holds there `hold` seconds and lets go: a drag as
    /// a hand makes it, with motion events in between.
    public func drag(_ window: String, from: (x: Int, y: Int), to: (x: Int, y: Int), steps: Int,
                     holdFirst: Double, stepPause: Double, hold: Double, after: Double) throws {
        try move(window, x: from.x, y: from.y)
        usleep(80_000)
        try self(["mousedown", "1"])
        usleep(UInt32(holdFirst * 1_000_000))
        for i in 1...steps {
            try move(window, x: from.x + (to.x - from.x) * i / steps, y: from.y + (to.y - from.y) * i / steps)
            usleep(UInt32(stepPause * 1_000_000))
        }
        usleep(UInt32(hold * 1_000_000))
        try self(["mouseup", "1"])
        usleep(UInt32(after * 1_000_000))
    }

    /// Types text into whatever has the keyboard focus, `delay` milliseconds per key.
    public func type(_ text: String, delay: Int) throws {
        try self(["type", "--delay", String(delay), text])
    }

    // MARK: Windows

    /// The visible windows `xdotool search` finds with `criteria` (e.g. `--pid N`,
    /// `--name ^Title$`), bottom to top.
    public func windows(_ criteria: [String]) throws -> [String] {
        try output(["search", "--onlyvisible"] + criteria).stdoutText.split(separator: "\n").map(String.init)
    }

    /// Whether a visible window matches `criteria` now.
    public func hasWindow(_ criteria: [String]) throws -> Bool { !(try windows(criteria)).isEmpty }

    /// A window's size, as the X server has it.
    public func size(of window: String) throws -> (width: Int, height: Int) {
        let out = try output(["getwindowgeometry", "--shell", window])
        var values: [String: Int] = [:]
        for line in out.stdoutText.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        guard let w = values["WIDTH"], let h = values["HEIGHT"] else { throw GUITestError("no geometry for \(window): \(out.stdoutText)") }
        return (w, h)
    }

    /// Waits (up to `timeout` seconds, while `alive` holds) for a visible window matching
    /// `criteria`, and gives it the keyboard focus (unless `focus` is false). Of several (a tooltip or popover of the
    /// same program may be mapped over its window), the largest: a popup that closes again
    /// must not become the window a test clicks into.
    public func waitForWindow(_ criteria: [String], what: String, timeout: Double, focus: Bool = true, alive: () -> Bool = { true },
                              diagnosis: () -> String = { "" }) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline && alive() {
            let found = try windows(criteria)
            let sized = found.compactMap { w in (try? size(of: w)).map { (w, $0.width * $0.height) } }
            if let window = sized.max(by: { $0.1 < $1.1 })?.0 {
                if focus {
                    try self(["windowfocus", "--sync", window])
                    // On purpose: a new window's focus-in has no trace line to wait for.
                    usleep(200_000)
                }
                return window
            }
            usleep(50_000)
        }
        throw GUITestError("no visible \(what)\(diagnosis())")
    }

    /// Saves a picture of the whole screen (for a person to look at when a test fails).
    public func screenshot(_ path: String) {
        _ = try? ProcessRunner.run("/usr/bin/env", ["import", "-window", "root", path],
                                   environment: ["DISPLAY": display, "PATH": "/usr/bin:/bin"], timeout: 20)
    }
}
