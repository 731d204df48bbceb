import Foundation
import PhotoPickSystem
import Synchronization
import Glibc

/// A private X server for the window section (like scripts/measure-window.sh).
final class PrivateDisplay {
    let name: String
    private let process: Process

    init() throws {
        guard let xvfb = Peers.which("Xvfb") else { throw BenchError("Xvfb is not installed (make deps installs it)") }
        for number in 150..<250 where !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: xvfb)
            p.arguments = [":\(number)", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            let deadline = Date().addingTimeInterval(10)
            while p.isRunning && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") && Date() < deadline {
                usleep(20_000)
            }
            if p.isRunning && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                name = ":\(number)"
                process = p
                return
            }
            p.terminate()
        }
        throw BenchError("could not start Xvfb on any display from :150 to :249")
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// One run of the picker window: launched on a library with `PHOTOPICK_TRACE=1`, its
/// milestones (seconds after launch) read from stderr, its peak memory (VmHWM) from /proc
/// while it runs, ended with SIGTERM once the wanted milestones were seen.
struct WindowRun {
    /// Seconds from launch to each traced event (the first time it was seen), and its detail.
    var milestones: [String: (seconds: Double, detail: String)] = [:]
    /// Peak resident memory of the picker process, and of its largest worker, in MB.
    var peakMB = 0.0
    var peakWorkerMB = 0.0
    var timedOut = false
    /// Every `stall` line (the stall probe's main-loop gaps of 50 ms or more): seconds after launch, detail.
    var stalls: [(seconds: Double, detail: String)] = []

    /// Milliseconds from launch to the first `event`; NaN when it never came.
    func ms(_ event: String) -> Double { (milestones[event]?.seconds ?? .nan) * 1000 }

    /// Runs until every one of `events` was traced, then `linger` seconds more (peak memory
    /// counts what keeps loading after the first screen, such as album covers).
    static func launch(_ binary: String, library: String, display: String, cacheHome: String, configHome: String,
                       until events: Set<String>, linger: Double = 0, timeout: Double) throws -> WindowRun {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = [library]
        p.environment = environment(display: display, cacheHome: cacheHome, configHome: configHome)
        let stderr = Pipe()
        p.standardError = stderr
        p.standardOutput = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        let trace = TraceLog(keepingAll: ["stall"])
        let launched = Date().timeIntervalSince1970
        try p.run()
        BlockingThread.start("bench-trace", .childProcess) { trace.read(stderr.fileHandleForReading, since: launched) }

        var run = WindowRun()
        let deadline = Date().addingTimeInterval(timeout)
        var seenAll: Date?
        while p.isRunning {
            run.peakMB = max(run.peakMB, Self.vmHWM(p.processIdentifier))
            run.peakWorkerMB = max(run.peakWorkerMB, Self.children(of: p.processIdentifier).map(Self.vmHWM).max() ?? 0)
            if seenAll == nil, events.isSubset(of: trace.seen) { seenAll = Date() }
            if let seenAll, Date().timeIntervalSince(seenAll) >= linger { break }
            if Date() > deadline { run.timedOut = true; break }
            usleep(25_000)
        }
        run.peakMB = max(run.peakMB, Self.vmHWM(p.processIdentifier))
        kill(p.processIdentifier, SIGTERM)  // the picker cancels and exits
        p.waitUntilExit()
        run.milestones = trace.milestones
        run.stalls = trace.timedAll("stall")
        return run
    }

    /// The picker's environment for a bench run: traced, on `display`, with its own cache and settings.
    static func environment(display: String, cacheHome: String, configHome: String) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        env["GDK_BACKEND"] = "x11"
        env["GSK_RENDERER"] = "cairo"
        env["GSETTINGS_BACKEND"] = "memory"
        env["NO_AT_BRIDGE"] = "1"
        env["PHOTOPICK_TRACE"] = "1"
        env["XDG_CACHE_HOME"] = cacheHome
        env["XDG_CONFIG_HOME"] = configHome
        env["WAYLAND_DISPLAY"] = nil
        return env
    }

    /// VmHWM (peak resident set) of a process in MB; 0 when it is gone.
    static func vmHWM(_ pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kb / 1024
    }

    static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [Int32] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { Int32($0) }
        }
    }
}

/// The `photopick-trace <unix time> <event> [detail]` lines of a run, as they arrive.
final class TraceLog: Sendable {
    private struct Lines {
        var events: [String: (seconds: Double, detail: String)] = [:]
        var latest: [String: String] = [:]
        var counts: [String: Int] = [:]
        /// Every line's detail, for the events named at init only (most events come once).
        var history: [String: [(seconds: Double, detail: String)]] = [:]
    }
    private let lines: Mutex<Lines>

    init(keepingAll events: Set<String> = []) {
        var lines = Lines()
        for event in events { lines.history[event] = [] }
        self.lines = Mutex(lines)
    }

    func all(_ event: String) -> [String] { timedAll(event).map(\.detail) }
    /// Every line of `event` (one named at init), with its time in seconds after launch.
    func timedAll(_ event: String) -> [(seconds: Double, detail: String)] {
        lines.withLock { $0.history[event] ?? [] }
    }

    var seen: Set<String> { lines.withLock { Set($0.events.keys) } }
    var milestones: [String: (seconds: Double, detail: String)] { lines.withLock { $0.events } }
    /// The detail of the most recent line of `event`, and how many lines of it came so far.
    func last(_ event: String) -> (detail: String, count: Int)? {
        lines.withLock { l in l.latest[event].map { ($0, l.counts[event] ?? 0) } }
    }

    func read(_ handle: FileHandle, since launched: Double) {
        var buffer = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return }
            buffer += chunk
            while let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<nl], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...nl)
                let f = line.split(separator: " ", maxSplits: 3)
                guard f.count >= 3, f[0] == "photopick-trace", let t = Double(f[1]) else { continue }
                let event = String(f[2])
                let detail = f.count > 3 ? String(f[3]) : ""
                lines.withLock { l in
                    if l.events[event] == nil { l.events[event] = (t - launched, detail) }
                    l.latest[event] = detail
                    l.counts[event, default: 0] += 1
                    l.history[event]?.append((t - launched, detail))
                }
            }
        }
    }
}
