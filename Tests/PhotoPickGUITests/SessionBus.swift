import Foundation
import TestSupport

/// A private D-Bus session bus for GUI tests, started once per test process beside the
/// private X server. A desktop always has a session bus; without one GTK tries to start
/// `dbus-launch` (dbus-x11, absent on a clean machine) and says so on stderr.
final class SessionBus: @unchecked Sendable {
    let address: String
    private let process: Process

    private static let lock = NSLock()
    nonisolated(unsafe) private static var shared: SessionBus?

    /// The running bus, started on first use: `dbus-daemon --session`, as `dbus-run-session`
    /// starts it, printing its address once it listens.
    static func start() throws -> SessionBus {
        lock.lock(); defer { lock.unlock() }
        if let shared { return shared }
        guard let daemon = Binaries.which("dbus-daemon") else {
            throw GUITestError("dbus-daemon is not installed (make deps installs it)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: daemon)
        p.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1", "--address=unix:tmpdir=/tmp"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        // The address line comes as soon as the bus listens.
        var bytes: [UInt8] = []
        let handle = out.fileHandleForReading
        while !bytes.contains(0x0A) {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { break }
            bytes += chunk
        }
        let address = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard p.isRunning, address.hasPrefix("unix:") else {
            p.terminate()
            throw GUITestError("dbus-daemon did not start a session bus (it printed '\(address)')")
        }
        let bus = SessionBus(address: address, process: p)
        shared = bus
        atexit { SessionBus.shared?.process.terminate() }
        return bus
    }

    private init(address: String, process: Process) {
        self.address = address
        self.process = process
    }
}
