import Foundation
import TestSupport
import XCTest

/// Runs a program that runs photopick itself (a zenity-style script, the examples) on the
/// private X server, finds the picker's window by its title once photopick says it is ready
/// (PHOTOPICK_READY_FILE, inherited), and drives it with xdotool.
final class ScriptDriver {
    let server: XvfbServer
    let process: RunningProcess
    let windowID: String
    private let readyFile: String
    /// photopick's settings, fresh for each run (see PickerDriver).
    private let configHome = TemporaryDirectory(prefix: "photopick-config")

    /// `photopick` resolves to the build under test through PATH.
    init(_ executable: String, _ arguments: [String], windowTitle: String, environment extra: [String: String] = [:]) throws {
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
        let binDir = URL(fileURLWithPath: Binaries.photopick).deletingLastPathComponent().path
        env["PATH"] = binDir + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["XDG_CONFIG_HOME"] = configHome.path
        for (k, v) in extra { env[k] = v }
        process = try ProcessRunner.start(executable, arguments, environment: env)

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
            let search = try ProcessRunner.run("/usr/bin/env", ["xdotool", "search", "--onlyvisible", "--name",
                                                                "^" + NSRegularExpression.escapedPattern(for: windowTitle) + "$"],
                                               environment: ["DISPLAY": server.display, "PATH": "/usr/bin:/bin"], timeout: 5)
            found = search.stdoutText.split(separator: "\n").last.map(String.init)
            if found == nil { usleep(50_000) }
        }
        guard let found else { throw GUITestError("no visible window titled '\(windowTitle)'") }
        windowID = found
        try xdotool(["windowfocus", "--sync", windowID])
        usleep(200_000)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: readyFile)
        if process.isRunning { _ = process.wait(timeout: 0) }
    }

    func press(_ keys: String...) throws {
        for key in keys {
            try xdotool(["key", "--clearmodifiers", key])
            usleep(80_000)
        }
    }

    func finish(timeout: Double = 20) -> ProcessRunner.Output { process.wait(timeout: timeout) }

    private func xdotool(_ args: [String]) throws {
        let out = try ProcessRunner.run("/usr/bin/env", ["xdotool"] + args,
                                        environment: ["DISPLAY": server.display, "PATH": "/usr/bin:/bin"], timeout: 10)
        if out.status != 0 { throw GUITestError("xdotool \(args.joined(separator: " ")): \(out.stderrText)") }
    }
}

/// The repository, for the examples.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}
