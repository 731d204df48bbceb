import Foundation
import PhotoPickSystem
import Glibc

/// Issue 15's "never a stall": the real window on a library, scrolled end to end by xdotool
/// the three ways a user does it (the scrollbar dragged from top to bottom over 3 s, Page Down
/// held, End and Home), while its stall probe (`PHOTOPICK_TRACE=1`: a high-priority 8 ms
/// heartbeat on the main loop) measures the gaps. Startup is left out: SIGUSR1 makes the
/// picker trace its `stall-summary` and count afresh, once before the scrolling and once after.
enum StallRun {
    struct Result {
        /// The longest main-loop gap while scrolling, and the 99th percentile of all gaps, in ms.
        var maxMs: Double
        var p99Ms: Double
        /// Gaps of 50 ms or more, and how many heartbeats were counted.
        var stalls: Int
        var beats: Int
        /// The most CPU time the main thread used within one gap: the window's own share of
        /// its longest stall, apart from waiting for a core other processes had.
        var maxCpuMs: Double
        /// The longest gaps as the picker traced them (`63.2 ms cpu 40.1 ms during scan-batch …`),
        /// longest first, whether or not they reached 50 ms.
        var worst: [String]
        /// The farthest tile the viewport reached while scrolling, of how many, and how many
        /// first tiles it showed on the way: proof the scrolling went end to end.
        var reached: String
    }

    static let targetMs = 50.0

    /// Opens `library` (warm when its cache under the bench's base folder, or `cacheHome`, is;
    /// the first call scans it and waits for the scan to finish), scrolls it end to end and
    /// returns the stalls. `ready`: the milestones awaited before scrolling.
    static let scanFinished: Set<String> = ["scan-finished", "visible-thumbnails"]
    static func measure(library: String, cacheHome: String? = nil, ready: Set<String> = scanFinished,
                        timeout: Double = 3600) throws -> Result {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
        let binary = dir + "/photopick"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError("build photopick beside the bench (make bench does)")
        }
        guard let xdotool = Peers.which("xdotool") else { throw BenchError("xdotool is not installed (make deps installs it)") }
        let display = try PrivateDisplay()
        defer { display.stop() }
        let name = URL(fileURLWithPath: library).lastPathComponent
        let cache = cacheHome ?? BenchLibraries.base + "/stall-cache-" + name, config = BenchLibraries.base + "/stall-config"
        try? FileManager.default.removeItem(atPath: config)
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)

        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = [library]
        p.environment = WindowRun.environment(display: display.name, cacheHome: cache, configHome: config)
        let stderr = Pipe()
        p.standardError = stderr
        p.standardOutput = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        let trace = TraceLog(keepingAll: ["stall", "stall-worst", "viewport"])
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGTERM); p.waitUntilExit() } }
        BlockingThread.start("bench-trace", .childProcess) { trace.read(stderr.fileHandleForReading, since: Date().timeIntervalSince1970) }

        func wait(for condition: () -> Bool, _ what: String, timeout: Double) throws {
            let deadline = Date().addingTimeInterval(timeout)
            while !condition() {
                guard p.isRunning else { throw BenchError("the picker ended while waiting for \(what)") }
                guard Date() < deadline else { throw BenchError("no \(what) in \(Int(timeout)) s") }
                usleep(50_000)
            }
        }
        try wait(for: { ready.allSatisfy(trace.seen.contains) }, ready.sorted().joined(separator: " and "), timeout: timeout)
        func xdo(_ args: String...) {
            Peers.run([xdotool] + args, environment: ["DISPLAY": display.name, "PATH": "/usr/bin:/bin"])
        }
        // The picker's largest window: the last one xdotool lists may be a 135×30 popup, into
        // which the scrollbar drag once went (it picked a tile instead of scrolling). A window
        // gone before its size is read (a popup closing) is left out rather than ending the run.
        let windows = try windowIDs(xdotool, pid: p.processIdentifier, display: display.name).compactMap { id in
            (try? size(xdotool, window: id, display: display.name)).map { (id: id, size: $0) }
        }
        guard let main = windows.max(by: { $0.size.0 * $0.size.1 < $1.size.0 * $1.size.1 }) else {
            throw BenchError("no picker window on \(display.name)")
        }
        let window = main.id, (width, height) = main.size
        sleep(1)  // what the first screen queued settles

        // Start counting: the summary of the startup is not part of the measure.
        let before = trace.last("stall-summary")?.count ?? 0
        kill(p.processIdentifier, SIGUSR1)
        try wait(for: { (trace.last("stall-summary")?.count ?? 0) > before }, "a stall summary", timeout: 30)
        let stallsBefore = trace.all("stall").count, viewportsBefore = trace.all("viewport").count
        let picksBefore = trace.last("picked")?.count ?? 0

        // 1. The scrollbar, dragged from top to bottom over 3 s. GTK's scrollbar is an overlay
        // at the grid's right edge; a press on its trough jumps the slider there and drags it.
        let x = String(width - 5)
        xdo("mousemove", "--window", window, x, "140")
        usleep(300_000)  // the overlay scrollbar appears under the pointer
        xdo("mousedown", "1")
        let steps = 60
        for i in 1...steps {
            xdo("mousemove", "--window", window, x, String(140 + (height - 40 - 140) * i / steps))
            usleep(50_000)
        }
        xdo("mouseup", "1")
        sleep(1)
        let dragged = farthest(trace.all("viewport").dropFirst(viewportsBefore))
        log("    the scrollbar drag reached tile \(dragged.tile) of \(dragged.of); "
            + "\((trace.last("picked")?.count ?? 0) - picksBefore) picks; window \(width)x\(height), "
            + (trace.last("window-size")?.detail ?? "no window-size"))
        // 2. Page Down held from the top: key repeat as the X server makes it, then 3 s of
        // presses at a typical repeat rate (30 a second), in case the server does not repeat.
        xdo("key", "--clearmodifiers", "Home")
        usleep(500_000)
        xdo("keydown", "Page_Down")
        sleep(3)
        xdo("keyup", "Page_Down")
        xdo("key", "--repeat", "90", "--delay", "33", "Page_Down")
        sleep(1)
        // 3. End and Home.
        xdo("key", "End")
        sleep(2)
        xdo("key", "Home")
        sleep(2)

        let counted = trace.last("stall-summary")?.count ?? 0, worstBefore = trace.all("stall-worst").count
        kill(p.processIdentifier, SIGUSR1)
        try wait(for: { (trace.last("stall-summary")?.count ?? 0) > counted }, "a stall summary", timeout: 30)
        guard let summary = trace.last("stall-summary")?.detail else { throw BenchError("no stall summary") }
        // The picker traces its worst beats just before the summary, longest first.
        let worst = Array(trace.all("stall-worst").dropFirst(worstBefore))
        let stalls = Array(trace.all("stall").dropFirst(stallsBefore))
        // Scrolling picks nothing unless a press missed the scrollbar and swept across tiles.
        let picks = (trace.last("picked")?.count ?? 0) - picksBefore
        log("    picks while scrolling: \(picks)" + (picks > 0 ? " (\(trace.last("picked")?.detail ?? "?") picked at the end)" : ""))
        log("    worst beats: " + (worst.isEmpty ? "none traced" : worst.joined(separator: " | ")))
        log("    what ran longest in them: \(StallKinds.tally(worst)); in the \(stalls.count) stalls ≥ 50 ms: \(StallKinds.tally(stalls))")
        let viewports = trace.all("viewport").dropFirst(viewportsBefore)
        let end = farthest(viewports)
        let reached = "tile \(end.tile) of \(end.of) in \(viewports.count) screens"
        return try parse(summary, worst: Array(worst.prefix(3)), reached: reached)
    }

    /// The farthest tile of `viewport` lines (`FIRST-LAST of COUNT`), and the count the last one gave.
    private static func farthest<S: Sequence<String>>(_ viewports: S) -> (tile: Int, of: String) {
        let fields = viewports.map { $0.split(whereSeparator: { $0 == "-" || $0 == " " }) }
        return (fields.compactMap { $0.count == 4 ? Int($0[1]) : nil }.max() ?? 0, fields.last?.last.map(String.init) ?? "?")
    }

    /// `max 12.3 ms p99 9.0 ms over-50 0 beats 812 cpu-max 10.1 ms`, as StallRecorder writes it.
    static func parse(_ summary: String, worst: [String], reached: String) throws -> Result {
        let f = summary.split(separator: " ").map(String.init)
        guard f.count >= 12, f[0] == "max", f[3] == "p99", f[10] == "cpu-max", let maxMs = Double(f[1]), let p99 = Double(f[4]),
              let stalls = Int(f[7]), let beats = Int(f[9]), let cpu = Double(f[11])
        else { throw BenchError("unreadable stall summary: \(summary)") }
        return Result(maxMs: maxMs, p99Ms: p99, stalls: stalls, beats: beats, maxCpuMs: cpu, worst: worst, reached: reached)
    }

    private static func windowIDs(_ xdotool: String, pid: Int32, display: String) throws -> [String] {
        let out = Pipe()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: xdotool)
        p.arguments = ["search", "--sync", "--onlyvisible", "--pid", String(pid)]
        p.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return text.split(separator: "\n").map(String.init)
    }

    private static func size(_ xdotool: String, window: String, display: String) throws -> (Int, Int) {
        let out = Pipe()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: xdotool)
        p.arguments = ["getwindowgeometry", "--shell", window]
        p.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let kv = line.split(separator: "=")
            if kv.count == 2 { values[String(kv[0])] = Int(kv[1]) }
        }
        guard let w = values["WIDTH"], let h = values["HEIGHT"] else { throw BenchError("no size for window \(window)") }
        return (w, h)
    }
}
