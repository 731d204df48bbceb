import Foundation
import TestSupport

/// A private X server for GUI tests, started once per test process.
final class XvfbServer: @unchecked Sendable {
    let display: String
    private let process: Process

    private static let lock = NSLock()
    nonisolated(unsafe) private static var shared: XvfbServer?

    /// The running server, started on first use; nil (with the reason) when Xvfb is missing.
    static func start() throws -> XvfbServer {
        lock.lock(); defer { lock.unlock() }
        if let shared { return shared }
        guard let xvfb = Binaries.which("Xvfb") else { throw GUITestError("Xvfb is not installed (make deps installs it)") }
        for number in 90..<200 where !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: xvfb)
            p.arguments = [":\(number)", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            let socket = "/tmp/.X11-unix/X\(number)"
            let deadline = Date().addingTimeInterval(10)
            while p.isRunning && !FileManager.default.fileExists(atPath: socket) && Date() < deadline { usleep(20_000) }
            guard p.isRunning, FileManager.default.fileExists(atPath: socket) else { p.terminate(); continue }
            let server = XvfbServer(display: ":\(number)", process: p)
            shared = server
            atexit { XvfbServer.shared?.process.terminate() }
            return server
        }
        throw GUITestError("could not start Xvfb on any display from :90 to :199")
    }

    private init(display: String, process: Process) {
        self.display = display
        self.process = process
    }
}

struct GUITestError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
