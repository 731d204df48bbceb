import Foundation
import TestSupport

/// Starts photopick, or a program that starts it (a zenity-style script, an example), on
/// the fixture's display and bus, waits for its ready signal and its window, and drives it
/// with xdotool like a user; `finish` returns its exit status, stdout and stderr.
public final class PickerDriver {
    public let fixture: GUIFixture
    public var server: XvfbServer { fixture.server }
    public let process: RunningProcess
    public let windowID: String
    public let ready: ReadySignal
    public var xdotool: Xdotool { fixture.xdotool }
    private let finishTimeout: Double
    /// Whether the test asked for the trace itself (then `finish` hands it back in stderr);
    /// the driver turns it on anyway, to wait for each input to be handled.
    private let traceAsked: Bool

    /// Where the picker keeps its settings, fresh for each driver unless the test passes
    /// XDG_CONFIG_HOME (so one test's window size or album never leaks into the next).
    private let configHome: TemporaryDirectory?

    /// Launches the picker with `arguments` and waits until its window shows the scanned library.
    /// `launcher` runs before the program (e.g. `setpriv` to run it as another user).
    /// `readyWithin`: how long the scan may take before the test gives up (a bound on a hang,
    /// not a speed check: a 20,000-file library shares 2 cores with another window's workers).
    public convenience init(arguments: [String], environment extra: [String: String] = [:], launcher: [String] = [],
                            readyWithin: Double = 30) throws {
        let command = launcher + [Binaries.photopick] + arguments
        try self.init(program: command[0], Array(command.dropFirst()), environment: extra, finishTimeout: 15, readyWithin: readyWithin,
                      window: { ["--pid", String($0.process.processIdentifier)] }, what: "picker window")
    }

    /// Runs `program`, which becomes photopick in the same process (`env`, started with PATH
    /// and a working folder of the test's choosing), and finds the window by that process.
    public convenience init(program: String, _ arguments: [String], environment extra: [String: String]) throws {
        try self.init(program: program, arguments, environment: extra, finishTimeout: 15,
                      window: { ["--pid", String($0.process.processIdentifier)] }, what: "picker window")
    }

    /// Runs `executable`, which runs photopick itself (found through PATH, which leads to the
    /// build under test), and finds the picker's window by its title.
    public convenience init(_ executable: String, _ arguments: [String], windowTitle: String,
                            environment extra: [String: String] = [:]) throws {
        let binDir = URL(fileURLWithPath: Binaries.photopick).deletingLastPathComponent().path
        let path = binDir + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let title = "^" + NSRegularExpression.escapedPattern(for: windowTitle) + "$"
        try self.init(program: executable, arguments, environment: ["PATH": path].merging(extra) { $1 }, finishTimeout: 20,
                      window: { _ in ["--name", title] }, what: "window titled '\(windowTitle)'")
    }

    private init(program: String, _ arguments: [String], environment extra: [String: String], finishTimeout: Double,
                 readyWithin: Double = 30, window criteria: (RunningProcess) -> [String], what: String) throws {
        fixture = try GUIFixture.shared()
        ready = ReadySignal()
        self.finishTimeout = finishTimeout
        traceAsked = extra["PHOTOPICK_TRACE"] != nil
        var settings: [String: String] = ["PHOTOPICK_TRACE": "1", "PHOTOPICK_TRACE_PLACES": "1"]
        if extra["XDG_CONFIG_HOME"] == nil {
            let config = TemporaryDirectory(prefix: "photopick-config")
            configHome = config
            settings["XDG_CONFIG_HOME"] = config.path
        } else {
            configHome = nil
        }
        let env = fixture.environment(readyFile: ready.path, settings.merging(extra) { $1 })
        let process = try ProcessRunner.start(program, arguments, environment: env)
        self.process = process
        let diagnosis = {
            let out = process.wait(timeout: 1)
            return "status \(out.status): \(out.stderrText)"
        }
        try ready.wait(timeout: readyWithin, alive: { process.isRunning }, diagnosis: diagnosis)
        windowID = try fixture.xdotool.waitForWindow(criteria(process), what: what, timeout: 30)
    }

    deinit {
        ready.reset()
        if process.isRunning { _ = process.wait(timeout: 0) }
    }

    // MARK: Keys and pointer

    /// Answers the "Discard N Picked Photos?" dialog (which Escape, Cancel or closing the
    /// window opens when picks would be lost) with Discard, once it is on screen.
    public func discardPicks() throws {
        _ = try xdotool.waitForWindow(["--name", "^Discard "], what: "Discard dialog", timeout: 20)
        try press("alt+d")
    }

    /// Presses keys in order (xdotool key names: Right, space, Return, Escape…), each once
    /// the picker has handled the one before (InputTrace's `input-handled key N`).
    public func press(_ keys: String...) throws {
        for key in keys {
            try handling(.key) { try xdotool(["key", "--clearmodifiers", key]) }
        }
    }

    /// Clicks at a point in window coordinates.
    public func click(x: Int, y: Int) throws {
        try xdotool.move(windowID, x: x, y: y)
        try handling(.click) { try xdotool(["click", "1"]) }
    }

    /// Double-clicks at a point in window coordinates.
    public func doubleClick(x: Int, y: Int) throws {
        try xdotool.move(windowID, x: x, y: y)
        try handling(.click, count: 2) { try xdotool(["click", "--repeat", "2", "--delay", "60", "1"]) }
    }

    /// Clicks with Shift held.
    public func shiftClick(x: Int, y: Int) throws {
        try xdotool.move(windowID, x: x, y: y)
        try handling(.click) { try xdo(["keydown", "shift", "click", "1", "keyup", "shift"]) }
    }

    /// Presses the left button at one point, moves there in steps, and lets go at another:
    /// a drag as a hand makes it, with motion events in between.
    public func drag(from: (x: Int, y: Int), to: (x: Int, y: Int), steps: Int = 8) throws {
        try handling(.click) {
            try xdotool.drag(windowID, from: from, to: to, steps: steps, holdFirst: 0.08, stepPause: 0.04, hold: 0, after: 0)
        }
    }

    /// Presses at `from`, moves to `to` in `steps`, holds there for `hold` seconds (the
    /// auto-scroll runs meanwhile), and releases.
    /// `holdFirst`: seconds to keep still after the press (a long press drags files out: then
    /// the release ends GTK's drag-and-drop, not a click, and there is nothing to wait for).
    public func drag(from: (x: Int, y: Int), to: (x: Int, y: Int), steps: Int = 12, hold: Double = 0.3,
                     holdFirst: Double = 0.08) throws {
        try handling(.click, count: holdFirst < 0.5 ? 1 : 0) {
            try xdotool.drag(windowID, from: from, to: to, steps: steps, holdFirst: holdFirst, stepPause: 0.03, hold: hold, after: 0)
        }
    }

    /// Types text into whatever has the keyboard focus (a dialog's location field), and
    /// waits until the picker has handled every key of it.
    public func type(_ text: String) throws {
        try handling(.key, count: text.count) { try xdotool.type(text, delay: 20) }
    }

    /// Types into the search field, and waits until the grid shows what it found.
    public func typeSearch(_ text: String) throws {
        try after({ try handling(.key, count: text.count) { try xdotool.type(text, delay: 40) } },
                  expectTrace: " search-shown \(text)")
    }

    /// Runs xdotool with `args` on the picker's display; a failure throws.
    public func xdo(_ args: [String]) throws { try xdotool(args) }

    // MARK: The window

    /// The window's size, as the X server has it.
    public func windowSize() throws -> (width: Int, height: Int) { try xdotool.size(of: windowID) }

    /// Resizes the window as a window manager would on a user's drag.
    public func resize(width: Int, height: Int) throws {
        try after({ try xdotool(["windowsize", "--sync", windowID, String(width), String(height)]) }, expectTrace: " window-size ")
    }

    /// Gives the picker's window the keyboard focus again (after a dialog of its own closed).
    public func refocus() throws {
        try xdotool(["windowfocus", "--sync", windowID])
        // A fixed wait on purpose: the window taking the focus back has no trace line (the
        // focused widget may not change), and GTK learns of it after X does.
        usleep(100_000)
    }

    /// Saves a screenshot of the whole screen (for a person to look at when a test fails).
    public func screenshot(_ path: String) { xdotool.screenshot(path) }

    /// Presses keys without waiting for the picker to handle them: for a key after which the
    /// picker paints no frame on purpose (a test's pause before it answers, or its end).
    public func send(_ keys: String...) throws {
        for key in keys { try xdotool(["key", "--clearmodifiers", key]) }
    }

    // MARK: The process

    /// Whether the picker is still running `seconds` after the last key was handled: for keys
    /// that must not end it. One of the few fixed waits left, and for a reason: that nothing
    /// happens has no trace line, and an exit the key started takes a moment to come.
    public func stillRunning(after seconds: Double = 0.5) -> Bool {
        usleep(UInt32(seconds * 1_000_000))
        return process.isRunning
    }

    /// Waits for the program to exit (15 s for the picker, 20 for a script by default) and
    /// returns its exit status and output.
    /// The trace lines are left out of stderr unless the test asked for the trace.
    public func finish(timeout: Double? = nil) -> ProcessRunner.Output {
        let out = process.wait(timeout: timeout ?? finishTimeout)
        guard !traceAsked else { return out }
        let kept = out.stderr.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .filter { !$0.starts(with: Array("photopick-trace ".utf8)) }
        return ProcessRunner.Output(status: out.status, stdout: out.stdout, stderr: Data(kept.joined(separator: [UInt8(ascii: "\n")])))
    }
}

/// Runs a program that runs photopick itself: the same driver, started with
/// `init(_:_:windowTitle:environment:)`.
public typealias ScriptDriver = PickerDriver
