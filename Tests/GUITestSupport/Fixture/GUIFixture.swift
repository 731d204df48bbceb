import Foundation
import TestSupport
import XCTest

/// The test process's desktop: one Xvfb and one session bus, started by the first GUI test
/// that asks and ended when the process exits, with a runtime folder (mode 0700) and a cache
/// folder of its own, so no test reads or leaves state in the user's ~/.cache or
/// /run/user. Every picker, script and foreign window the tests start runs here.
public final class GUIFixture: @unchecked Sendable {
    public let server: XvfbServer
    public let bus: SessionBus
    /// Holds `run/` (XDG_RUNTIME_DIR) and `cache/` (XDG_CACHE_HOME).
    let root: String
    public var runtimeDirectory: String { root + "/run" }
    public var cacheDirectory: String { root + "/cache" }
    /// xdotool on this display.
    public var xdotool: Xdotool { Xdotool(display: server.display) }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var started: Result<GUIFixture, Error>?

    /// The fixture, started on first use; a failure to start is remembered and thrown again.
    public static func shared() throws -> GUIFixture {
        lock.lock(); defer { lock.unlock() }
        if let started { return try started.get() }
        let result = Result { try GUIFixture() }
        started = result
        if case .success = result { atexit { GUIFixture.tearDown() } }
        return try result.get()
    }

    private init() throws {
        // Without xdotool no test can drive a window: skip, as without any other optional tool.
        guard Binaries.which("xdotool") != nil else { throw XCTSkip("xdotool is not installed (make deps installs it)") }
        // Not a TemporaryDirectory: it must outlive every test, until the exit handler.
        var template = Array((NSTemporaryDirectory() + "/photopick-gui-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw GUITestError("cannot make a temporary folder") }
        root = String(cString: made)
        for folder in [root + "/run", root + "/cache"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        server = try XvfbServer.launch()
        do {
            // The bus's services get no display: xdg-desktop-portal-gtk, were it activated,
            // cannot start, so no Settings portal answers for the desktop and each program reads
            // its own settings (GSETTINGS_BACKEND as its test sets it), as before the fixture.
            var busEnvironment = ProcessInfo.processInfo.environment
            busEnvironment["DISPLAY"] = nil
            busEnvironment["WAYLAND_DISPLAY"] = nil
            bus = try SessionBus.launch(environment: busEnvironment)
        } catch {
            server.process.terminate()
            throw error
        }
    }

    /// At exit: the bus (its services leave with it), then the X server, then the folders.
    private static func tearDown() {
        guard case .success(let fixture)? = started else { return }
        fixture.bus.stop()
        fixture.server.process.terminate()
        fixture.server.process.waitUntilExit()
        _ = try? ProcessRunner.run("/bin/chmod", ["-R", "u+rwx", fixture.root])
        try? FileManager.default.removeItem(atPath: fixture.root)
    }

    /// This process's environment for a program on the fixture's display and bus, with its
    /// ready signal at `readyFile` and `extra` on top.
    public func environment(readyFile: String? = nil, accessible: Bool = false, _ extra: [String: String] = [:]) -> [String: String] {
        GUIEnvironment.make(base: ProcessInfo.processInfo.environment, display: server.display, busAddress: bus.address,
                            folders: .init(cache: cacheDirectory, runtime: runtimeDirectory), readyFile: readyFile,
                            accessible: accessible).merging(extra) { $1 }
    }
}
