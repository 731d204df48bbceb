import Foundation
import TestSupport
import XCTest

/// Runs a program that runs photopick itself (a zenity-style script, the examples) on the
/// private X server, finds the picker's window by its title once photopick says it is ready
/// (PHOTOPICK_READY_FILE, inherited), and drives it with xdotool.
final class ScriptDriver {
    private let session: PrivateSession
    var server: XvfbServer { session.server }
    let process: RunningProcess
    let windowID: String
    /// photopick's settings, fresh for each run (see PickerDriver).
    private let configHome = TemporaryDirectory(prefix: "photopick-config")

    /// `photopick` resolves to the build under test through PATH.
    init(_ executable: String, _ arguments: [String], windowTitle: String, environment extra: [String: String] = [:]) throws {
        session = try PrivateSession()
        let binDir = URL(fileURLWithPath: Binaries.photopick).deletingLastPathComponent().path
        let path = binDir + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let env = session.environment(["PATH": path, "XDG_CONFIG_HOME": configHome.path].merging(extra) { $1 })
        process = try ProcessRunner.start(executable, arguments, environment: env)
        let title = "^" + NSRegularExpression.escapedPattern(for: windowTitle) + "$"
        windowID = try session.waitForWindow(of: process, matching: ["--name", title], what: "window titled '\(windowTitle)'")
    }

    deinit {
        session.removeReadyFile()
        if process.isRunning { _ = process.wait(timeout: 0) }
    }

    func press(_ keys: String...) throws {
        for key in keys {
            try xdotool(["key", "--clearmodifiers", key])
            usleep(80_000)
        }
    }

    func finish(timeout: Double = 20) -> ProcessRunner.Output { process.wait(timeout: timeout) }

    private func xdotool(_ args: [String]) throws { try session.xdotool(args) }
}

/// The repository, for the examples.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}
