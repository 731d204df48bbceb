import Foundation
import TestSupport

/// The test process's private X server, started on first use and ended at exit (GUIFixture).
public final class XvfbServer: @unchecked Sendable {
    public let display: String
    let process: Process

    /// The process's server (the fixture's): every GUI and portal test shares it.
    public static func start() throws -> XvfbServer { try GUIFixture.shared().server }

    /// Starts an Xvfb on a free display. `-displayfd` lets the server pick the number and
    /// print it once it accepts connections: no racing other test processes for lock files.
    static func launch() throws -> XvfbServer {
        guard let xvfb = Binaries.which("Xvfb") else { throw GUITestError("Xvfb is not installed (make deps installs xvfb)") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: xvfb)
        p.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"]
        p.standardError = FileHandle.nullDevice  // it reports displays in use on its way to a free one
        let number = try FirstLine.read(from: p, what: "Xvfb")
        guard Int(number) != nil else { p.terminate(); throw GUITestError("Xvfb printed '\(number)', not a display number") }
        return XvfbServer(display: ":" + number, process: p)
    }

    private init(display: String, process: Process) {
        self.display = display
        self.process = process
    }
}
