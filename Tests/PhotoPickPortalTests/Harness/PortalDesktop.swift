import Foundation
import TestSupport
import XCTest

/// A private desktop session for the portal tests, made of the real parts on the test
/// process's X server (GUIFixture): a session bus of its own (`dbus-daemon --session`) whose
/// activation environment points at a `PortalTree`, the real `/usr/libexec/xdg-desktop-portal`
/// reading that tree's `.portal` files (`XDG_DESKTOP_PORTAL_DIR`) for a made-up desktop
/// (`XDG_CURRENT_DESKTOP`), and a home holding the sample library as `~/Pictures`. The backend
/// and xdg-desktop-portal-gtk are D-Bus activated from there; what they write on stderr is in
/// `log`. Its own bus, not the fixture's: activated services take the bus's environment (this
/// home, this tree), and they all leave when it ends.
final class PortalDesktop: @unchecked Sendable {
    static let currentDesktop = "photopick:x-photopick-test"
    static let python = "/usr/bin/python3"
    static let frontend = "/usr/libexec/xdg-desktop-portal"

    let dir = TemporaryDirectory(prefix: "photopick-portal-test")
    let library: SampleLibrary
    let tree: PortalTree
    private let fixture: GUIFixture
    private let bus: SessionBus
    private var frontendProcess: Process?
    private let ready: ReadySignal
    /// The session's `XDG_CURRENT_DESKTOP` (the bus's, so the backend's too).
    let currentDesktop: String
    var display: String { fixture.server.display }
    var busAddress: String { bus.address }
    var readyFile: String { ready.path }
    var configHome: String { dir.path + "/config" }
    var dataHome: String { dir.path + "/data" }
    private var logPath: String { dir.path + "/bus.log" }
    /// Added to the session's environment (`PHOTOPICK_BIN` for a wrapped photopick).
    private let extraEnvironment: [String: String]
    private var screen: Xdotool { fixture.xdotool }

    /// Starts everything, or throws XCTSkip naming the component that is not installed.
    /// `environment` is added to the session's (the bus's, so the backend has it too).
    /// Without `startingFrontend`, xdg-desktop-portal waits for `startFrontend`.
    init(environment: [String: String] = [:], currentDesktop: String = PortalDesktop.currentDesktop,
         startingFrontend: Bool = true) throws {
        extraEnvironment = environment
        self.currentDesktop = currentDesktop
        for (path, package) in [("/usr/bin/Xvfb", "xvfb"), ("/usr/bin/dbus-daemon", "dbus-daemon"), ("/usr/bin/xdotool", "xdotool"),
                                (Self.frontend, "xdg-desktop-portal"), ("/usr/libexec/xdg-desktop-portal-gtk", "xdg-desktop-portal-gtk"),
                                ("/usr/share/xdg-desktop-portal/portals/gtk.portal", "xdg-desktop-portal-gtk"), (Self.python, "python3")]
        where !FileManager.default.fileExists(atPath: path) {
            throw XCTSkip("\(path) is missing: install \(package) (make deps does)")
        }
        let gi = try ProcessRunner.run(Self.python, ["-c", "import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gio, Gtk"],
                                       timeout: 30)
        guard gi.status == 0 else { throw XCTSkip("python3-gi with Gtk 4.0 is missing: install python3-gi gir1.2-gtk-4.0 (make deps does)") }

        fixture = try GUIFixture.shared()
        ready = ReadySignal(path: dir.path + "/ready")
        library = try SampleLibrary.make(in: dir)  // dir/Pictures: ~/Pictures below
        tree = try PortalTree.make(in: dir.path + "/prefix")
        for folder in [dir.path + "/config", dir.path + "/data", dir.path + "/cache", dir.path + "/run"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        _ = FileManager.default.createFile(atPath: dir.path + "/bus.log", contents: nil)
        bus = try SessionBus.launch(environment: Self.sessionEnvironment(dir: dir.path, tree: tree, display: fixture.server.display,
                                                                         busAddress: nil, readyFile: ready.path,
                                                                         currentDesktop: currentDesktop)
                                                .merging(environment) { $1 },
                                    log: dir.path + "/bus.log")
        _ = FileManager.default.createFile(atPath: dir.path + "/frontend.log", contents: nil)
        if startingFrontend {
            do {
                try startFrontend()
            } catch {
                stop()
                throw error
            }
        }
    }

    deinit { stop() }

    /// Starts xdg-desktop-portal in the session's environment with `extra` on top and the
    /// variables `removing` names taken out, and waits until it owns its name on the bus.
    func startFrontend(_ extra: [String: String] = [:], removing: [String] = []) throws {
        var environment = self.environment(extra)
        for name in removing { environment[name] = nil }
        let frontend = Process()
        frontend.executableURL = URL(fileURLWithPath: Self.frontend)
        frontend.arguments = ["-r"]
        frontend.environment = environment
        frontend.standardOutput = FileHandle.nullDevice
        let log = FileHandle(forWritingAtPath: dir.path + "/frontend.log")
        log?.seekToEndOfFile()
        frontend.standardError = log
        frontendProcess = frontend
        try frontend.run()
        let waited = try ProcessRunner.run(Self.python, [Self.client, "--wait-name", "org.freedesktop.portal.Desktop"],
                                           environment: self.environment(), timeout: 60)
        guard waited.status == 0 else { throw PortalTestError("xdg-desktop-portal did not start: \(waited.stdoutText)\(waited.stderrText)") }
    }

    /// Ends xdg-desktop-portal (its name leaves the bus with it).
    func stopFrontend() {
        guard let frontend = frontendProcess else { return }
        if frontend.isRunning { frontend.terminate() }
        if frontend.processIdentifier != 0 { frontend.waitUntilExit() }
        frontendProcess = nil
    }

    /// Ends the frontend and the bus (every activated service leaves with it: GDBus exits
    /// when its bus closes), then closes what is left on the shared screen: a picker or
    /// dialog a test left open must not sit over the next test's windows.
    func stop() {
        if let frontend = frontendProcess, frontend.isRunning { frontend.terminate() }
        bus.stop()
        stopFrontend()
        let deadline = Date().addingTimeInterval(5)
        while let left = try? screen.windows(["--name", ""]), !left.isEmpty {
            guard Date() < deadline else {
                for window in left { try? screen(["windowkill", window]) }
                break
            }
            usleep(50_000)
        }
    }

    /// The environment of everything in the session: the bus's, so D-Bus activated services get it too.
    private static func sessionEnvironment(dir: String, tree: PortalTree, display: String, busAddress: String?,
                                           readyFile: String, currentDesktop: String) -> [String: String] {
        let base = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                    "XDG_DATA_DIRS": tree.share + ":/usr/local/share:/usr/share",
                    "XDG_DESKTOP_PORTAL_DIR": tree.portals, "XDG_CURRENT_DESKTOP": currentDesktop]
        return GUIEnvironment.make(base: base, display: display, busAddress: busAddress,
                                   folders: .init(home: dir, config: dir + "/config", data: dir + "/data", cache: dir + "/cache",
                                                  runtime: dir + "/run"),
                                   readyFile: readyFile)
    }

    /// The session's environment for a client, with `extra` on top.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        Self.sessionEnvironment(dir: dir.path, tree: tree, display: display, busAddress: busAddress, readyFile: readyFile,
                                currentDesktop: currentDesktop)
            .merging(extraEnvironment) { $1 }.merging(extra) { $1 }
    }

    // MARK: Clients

    static let clients = PortalTree.repository + "/Tests/PhotoPickPortalTests/Clients"
    static let client = clients + "/portal_client.py"

    /// `portal_client.py ARGS` (see there) in this session.
    func client(_ arguments: [String], environment extra: [String: String] = [:]) throws -> RunningProcess {
        try ProcessRunner.start(Self.python, [Self.client] + arguments, environment: environment(extra))
    }

    // MARK: Windows

    /// Waits for photopick's ready signal (the window shows the library), then for its visible
    /// window (by title, when given), and focuses it.
    func waitForPicker(title: String? = nil, while client: RunningProcess) throws -> String {
        try ready.wait(timeout: 60, alive: { client.isRunning }, diagnosis: {
            let out = client.wait(timeout: 1)
            return "the client said \(out.stdoutText)\(out.stderrText); log: \(log())"
        })
        let criteria = title.map { ["--name", "^" + NSRegularExpression.escapedPattern(for: $0) + "$"] } ?? ["--classname", "^photopick$"]
        return try waitForWindow(criteria, what: "photopick window")
    }

    /// The first visible window matching `criteria` (xdotool search), focused.
    func waitForWindow(_ criteria: [String], what: String) throws -> String {
        try screen.waitForWindow(criteria, what: what, timeout: 60, diagnosis: { "; log: \(log())" })
    }

    /// Whether a visible window matches `criteria` now.
    func hasWindow(_ criteria: [String]) throws -> Bool { try screen.hasWindow(criteria) }

    func press(_ keys: String...) throws { try screen.press(keys) }

    /// Clicks at a point in `window`'s coordinates.
    func click(_ window: String, x: Int, y: Int) throws { try screen.click(window, x: x, y: y) }

    func xdotool(_ args: [String]) throws { try screen.callAsFunction(args) }

    func removeReadyFile() { ready.reset() }

    // MARK: Log

    /// What the bus's services (the backend, xdg-desktop-portal-gtk) wrote on stderr.
    func log() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// The backend's lines only.
    func backendLines() -> [String] { log().split(separator: "\n").map(String.init).filter { $0.hasPrefix("photopick-portal: ") } }
}

/// The client's last line, as JSON.
func lastJSON(_ output: ProcessRunner.Output) throws -> [String: Any] {
    guard let line = output.stdoutText.split(separator: "\n").last,
          let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        throw PortalTestError("the client printed no JSON (status \(output.status)): \(output.stdoutText) \(output.stderrText)")
    }
    return object
}
