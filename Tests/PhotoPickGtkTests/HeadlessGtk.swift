import CGtk
import Foundation

/// GTK initialised once for this test process, on a private Xvfb display (started here unless
/// `DISPLAY` is already set), so GTK-level unit tests can make and destroy real widgets.
enum HeadlessGtk {
    nonisolated(unsafe) private static var result: Bool?
    nonisolated(unsafe) private static var server: Process?

    /// Whether GTK could be initialised (tests skip, saying why, when it could not).
    static func start() -> Bool {
        if let result { return result }
        if ProcessInfo.processInfo.environment["DISPLAY"] == nil { startXvfb() }
        let ok = gtk_init_check() != 0
        result = ok
        return ok
    }

    /// Runs the default main context until nothing is pending (finalizers, idle work).
    static func settle() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    private static func startXvfb() {
        guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile) else { return }
        for number in 300..<400 where !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: xvfb)
            p.arguments = [":\(number)", "-screen", "0", "800x600x24", "-nolisten", "tcp"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { return }
            let socket = "/tmp/.X11-unix/X\(number)", deadline = Date().addingTimeInterval(10)
            while p.isRunning && !FileManager.default.fileExists(atPath: socket) && Date() < deadline { usleep(20_000) }
            guard p.isRunning else { continue }
            setenv("DISPLAY", ":\(number)", 1)
            setenv("GDK_BACKEND", "x11", 1)
            server = p
            atexit { HeadlessGtk.server?.terminate() }
            return
        }
    }
}
