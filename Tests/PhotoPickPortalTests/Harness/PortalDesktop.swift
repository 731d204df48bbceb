import Foundation
import TestSupport
import XCTest

/// A private desktop session for the portal tests, made of the real parts: an Xvfb, a
/// session bus (`dbus-daemon --session`) whose activation environment points at a
/// `PortalTree`, the real `/usr/libexec/xdg-desktop-portal` reading that tree's `.portal`
/// files (`XDG_DESKTOP_PORTAL_DIR`) for a made-up desktop (`XDG_CURRENT_DESKTOP`), and a home
/// holding the sample library as `~/Pictures`. The backend and xdg-desktop-portal-gtk are
/// D-Bus activated from there; what they write on stderr is in `log`.
final class PortalDesktop: @unchecked Sendable {
    static let currentDesktop = "photopick:x-photopick-test"
    static let python = "/usr/bin/python3"
    static let frontend = "/usr/libexec/xdg-desktop-portal"

    let dir = TemporaryDirectory(prefix: "photopick-portal-test")
    let library: SampleLibrary
    let tree: PortalTree
    private(set) var display = ""
    private(set) var busAddress = ""
    var readyFile: String { dir.path + "/ready" }
    var configHome: String { dir.path + "/config" }
    var dataHome: String { dir.path + "/data" }
    private var logPath: String { dir.path + "/bus.log" }
    private var processes: [Process] = []

    /// Starts everything, or throws XCTSkip naming the component that is not installed.
    init() throws {
        for (path, package) in [("/usr/bin/Xvfb", "xvfb"), ("/usr/bin/dbus-daemon", "dbus-daemon"), ("/usr/bin/xdotool", "xdotool"),
                                (Self.frontend, "xdg-desktop-portal"), ("/usr/libexec/xdg-desktop-portal-gtk", "xdg-desktop-portal-gtk"),
                                ("/usr/share/xdg-desktop-portal/portals/gtk.portal", "xdg-desktop-portal-gtk"), (Self.python, "python3")]
        where !FileManager.default.fileExists(atPath: path) {
            throw XCTSkip("\(path) is missing: install \(package) (make deps does)")
        }
        let gi = try ProcessRunner.run(Self.python, ["-c", "import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gio, Gtk"],
                                       timeout: 30)
        guard gi.status == 0 else { throw XCTSkip("python3-gi with Gtk 4.0 is missing: install python3-gi gir1.2-gtk-4.0 (make deps does)") }

        library = try SampleLibrary.make(in: dir)  // dir/Pictures: ~/Pictures below
        tree = try PortalTree.make(in: dir.path + "/prefix")
        for folder in [configHome, dataHome, dir.path + "/cache", dir.path + "/run"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)

        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"]
        xvfb.standardError = FileHandle.nullDevice  // it tries displays in use on its way to a free one
        display = ":" + (try Self.firstLine(of: xvfb, what: "Xvfb"))
        processes.append(xvfb)

        let bus = Process()
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1", "--address=unix:tmpdir=/tmp"]
        bus.environment = sessionEnvironment(display: display, busAddress: nil)
        bus.standardError = FileHandle(forWritingAtPath: logPath)
        busAddress = try Self.firstLine(of: bus, what: "dbus-daemon")
        processes.append(bus)

        let frontend = Process()
        frontend.executableURL = URL(fileURLWithPath: Self.frontend)
        frontend.arguments = ["-r"]
        frontend.environment = environment()
        frontend.standardOutput = FileHandle.nullDevice
        frontend.standardError = FileHandle(forWritingAtPath: dir.path + "/frontend.log")
        try frontend.run()
        processes.append(frontend)
        let waited = try ProcessRunner.run(Self.python, [Self.client, "--wait-name", "org.freedesktop.portal.Desktop"],
                                           environment: environment(), timeout: 60)
        guard waited.status == 0 else { throw PortalTestError("xdg-desktop-portal did not start: \(waited.stdoutText)\(waited.stderrText)") }
    }

    deinit { stop() }

    /// Ends the bus (every activated service leaves with it: GDBus exits when its bus
    /// closes), the frontend and the X server.
    func stop() {
        for p in processes.reversed() where p.isRunning { p.terminate() }
        for p in processes { p.waitUntilExit() }
        processes = []
    }

    /// The environment of everything in the session: the bus's, so D-Bus activated services get it too.
    private func sessionEnvironment(display: String, busAddress: String?) -> [String: String] {
        var env: [String: String] = [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            "HOME": dir.path, "XDG_CONFIG_HOME": configHome, "XDG_DATA_HOME": dataHome,
            "XDG_CACHE_HOME": dir.path + "/cache", "XDG_RUNTIME_DIR": dir.path + "/run",
            "XDG_DATA_DIRS": tree.share + ":/usr/local/share:/usr/share",
            "XDG_DESKTOP_PORTAL_DIR": tree.portals, "XDG_CURRENT_DESKTOP": Self.currentDesktop,
            "DISPLAY": display, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "GSETTINGS_BACKEND": "memory",
            "NO_AT_BRIDGE": "1", "GTK_A11Y": "none", "PHOTOPICK_READY_FILE": readyFile,
        ]
        if let busAddress { env["DBUS_SESSION_BUS_ADDRESS"] = busAddress }
        return env
    }

    /// The session's environment for a client, with `extra` on top.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        sessionEnvironment(display: display, busAddress: busAddress).merging(extra) { $1 }
    }

    /// Runs a program, waiting until it prints its first line (a display number, a bus address).
    private static func firstLine(of process: Process, what: String) throws -> String {
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        var bytes: [UInt8] = []
        while !bytes.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            bytes += chunk
        }
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.isRunning, !line.isEmpty else { throw PortalTestError("\(what) did not start (it printed '\(line)')") }
        return line
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
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: readyFile) {
            guard client.isRunning, Date() < deadline else {
                let out = client.wait(timeout: 1)
                throw PortalTestError("no picker became ready; the client said \(out.stdoutText)\(out.stderrText); log: \(log())")
            }
            usleep(5_000)
        }
        let criteria = title.map { ["--name", "^" + NSRegularExpression.escapedPattern(for: $0) + "$"] } ?? ["--classname", "^photopick$"]
        let window = try waitForWindow(criteria, what: "photopick window")
        return window
    }

    /// The first visible window matching `criteria` (xdotool search), focused.
    func waitForWindow(_ criteria: [String], what: String) throws -> String {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let found = try xdotoolOutput(["search", "--onlyvisible"] + criteria).split(separator: "\n").last.map(String.init) {
                try xdotool(["windowfocus", "--sync", found])
                usleep(200_000)
                return found
            }
            usleep(50_000)
        }
        throw PortalTestError("no visible \(what); log: \(log())")
    }

    /// Whether a visible window matches `criteria` now.
    func hasWindow(_ criteria: [String]) throws -> Bool {
        !(try xdotoolOutput(["search", "--onlyvisible"] + criteria)).isEmpty
    }

    func press(_ keys: String...) throws {
        for key in keys {
            try xdotool(["key", "--clearmodifiers", key])
            usleep(80_000)
        }
    }

    /// Clicks at a point in `window`'s coordinates.
    func click(_ window: String, x: Int, y: Int) throws {
        try xdotool(["mousemove", "--window", window, String(x), String(y)])
        usleep(80_000)
        try xdotool(["click", "1"])
        usleep(150_000)
    }

    func xdotool(_ args: [String]) throws {
        let out = try ProcessRunner.run("/usr/bin/xdotool", args, environment: ["DISPLAY": display], timeout: 20)
        if out.status != 0 { throw PortalTestError("xdotool \(args.joined(separator: " ")): \(out.stderrText)") }
    }

    private func xdotoolOutput(_ args: [String]) throws -> String {
        try ProcessRunner.run("/usr/bin/xdotool", args, environment: ["DISPLAY": display], timeout: 20).stdoutText
    }

    func removeReadyFile() { try? FileManager.default.removeItem(atPath: readyFile) }

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
