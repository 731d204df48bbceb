import Foundation
import TestSupport
import XCTest

/// Another program's window on the fixture's display (a plain GTK 4 window from python3-gi),
/// for the picker to be made transient for, as a browser's or a chat program's window would be.
public final class ForeignWindow {
    public let process: RunningProcess
    /// Its X11 window ID.
    public let xid: UInt32

    private static let script = """
        import sys, gi
        gi.require_version('Gtk', '4.0')
        from gi.repository import Gtk, GLib
        window = Gtk.Window(title=sys.argv[1])
        window.set_default_size(320, 240)
        window.present()
        GLib.MainLoop().run()
        """

    public init(title: String = "Caller \(UUID().uuidString.prefix(8))") throws {
        guard (try? ProcessRunner.run("/usr/bin/python3", ["-c", "import gi; gi.require_version('Gtk', '4.0')"], timeout: 20))?
            .status == 0 else { throw XCTSkip("python3-gi with GTK 4 is not installed (make deps installs it)") }
        let fixture = try GUIFixture.shared()
        let process = try ProcessRunner.start("/usr/bin/python3", ["-c", Self.script, title], environment: fixture.environment())
        self.process = process
        let window = try fixture.xdotool.waitForWindow(["--name", "^" + NSRegularExpression.escapedPattern(for: title) + "$"],
                                                       what: "caller's window", timeout: 20, focus: false, alive: { process.isRunning },
                                                       diagnosis: { ": " + process.wait(timeout: 1).stderrText })
        guard let xid = UInt32(window) else { throw GUITestError("xdotool named the caller's window '\(window)'") }
        self.xid = xid
    }

    deinit { _ = process.wait(timeout: 0) }

    /// The portal's name for it.
    public var portalHandle: String { "x11:" + String(xid, radix: 16) }
}

/// An X window's properties as `xprop` prints them.
public enum WindowProperties {
    public static func read(_ window: String, _ names: [String], display: String) throws -> String {
        guard let xprop = Binaries.which("xprop") else { throw XCTSkip("xprop is not installed (make deps installs x11-utils)") }
        let out = try ProcessRunner.run(xprop, ["-id", window] + names, environment: ["DISPLAY": display], timeout: 10)
        guard out.status == 0 else { throw GUITestError("xprop: \(out.stderrText)") }
        return out.stdoutText
    }
}
