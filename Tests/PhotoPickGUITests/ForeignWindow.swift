import Foundation
import TestSupport
import XCTest

/// Another program's window on the private X server (a plain GTK 4 window from python3-gi),
/// for the picker to be made transient for, as a browser's or a chat program's window would be.
final class ForeignWindow {
    let process: RunningProcess
    /// Its X11 window ID.
    let xid: UInt32
    private let session: PrivateSession

    private static let script = """
        import sys, gi
        gi.require_version('Gtk', '4.0')
        from gi.repository import Gtk, GLib
        window = Gtk.Window(title=sys.argv[1])
        window.set_default_size(320, 240)
        window.present()
        GLib.MainLoop().run()
        """

    init(title: String = "Caller \(UUID().uuidString.prefix(8))") throws {
        guard (try? ProcessRunner.run("/usr/bin/python3", ["-c", "import gi; gi.require_version('Gtk', '4.0')"], timeout: 20))?
            .status == 0 else { throw XCTSkip("python3-gi with GTK 4 is not installed (make deps installs it)") }
        session = try PrivateSession()
        process = try ProcessRunner.start("/usr/bin/python3", ["-c", Self.script, title], environment: session.environment())
        let deadline = Date().addingTimeInterval(20)
        var found: UInt32?
        while found == nil && process.isRunning && Date() < deadline {
            let out = try session.run(["search", "--onlyvisible", "--name", "^" + NSRegularExpression.escapedPattern(for: title) + "$"])
            found = out.stdoutText.split(separator: "\n").first.flatMap { UInt32($0) }
            if found == nil { usleep(50_000) }
        }
        guard let found else {
            let out = process.wait(timeout: 1)
            throw GUITestError("the caller's window did not appear: \(out.stderrText)")
        }
        xid = found
    }

    deinit { _ = process.wait(timeout: 0) }

    /// The portal's name for it.
    var portalHandle: String { "x11:" + String(xid, radix: 16) }
}

/// An X window's properties as `xprop` prints them.
enum WindowProperties {
    static func read(_ window: String, _ names: [String], display: String) throws -> String {
        guard let xprop = Binaries.which("xprop") else { throw XCTSkip("xprop is not installed (make deps installs x11-utils)") }
        let out = try ProcessRunner.run(xprop, ["-id", window] + names, environment: ["DISPLAY": display], timeout: 10)
        guard out.status == 0 else { throw GUITestError("xprop: \(out.stderrText)") }
        return out.stdoutText
    }
}
