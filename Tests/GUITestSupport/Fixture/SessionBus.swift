import Foundation
import TestSupport

/// A private D-Bus session bus. A desktop always has one; without it GTK tries to start
/// `dbus-launch` (dbus-x11, absent on a clean machine) and says so on stderr.
public final class SessionBus: @unchecked Sendable {
    public let address: String
    let process: Process

    /// The process's bus (the fixture's), beside its X server.
    public static func start() throws -> SessionBus { try GUIFixture.shared().bus }

    /// Starts `dbus-daemon --session` as `dbus-run-session` does. Services it activates get
    /// `environment` (nil: this process's) and write their stderr to `log` (nil: nowhere).
    /// The caller ends it with `stop()`; every GDBus service it activated exits with it.
    public static func launch(environment: [String: String]? = nil, log: String? = nil) throws -> SessionBus {
        guard let daemon = Binaries.which("dbus-daemon") else {
            throw GUITestError("dbus-daemon is not installed (make deps installs it)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: daemon)
        p.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1", "--address=unix:tmpdir=/tmp"]
        if let environment { p.environment = environment }
        p.standardError = log.flatMap { FileHandle(forWritingAtPath: $0) } ?? FileHandle.nullDevice
        let address = try FirstLine.read(from: p, what: "dbus-daemon")
        guard address.hasPrefix("unix:") else { p.terminate(); throw GUITestError("dbus-daemon printed '\(address)', not an address") }
        return SessionBus(address: address, process: p)
    }

    public func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private init(address: String, process: Process) {
        self.address = address
        self.process = process
    }
}
