import Foundation
import Glibc

/// Section 6: a million photos. The library (MillionLibrary) against `find` listing it; the
/// window's first screen, cold and warm, and its peak memory; the headless `photopick list`
/// with the index the cold window wrote; scrolling the window end to end from a copy of that
/// index (MillionStall); then the model in process (MillionModelBench).
/// Sniffing and reading the EXIF of a million new files is the one pass that takes many
/// minutes, so it runs once (the cold window's scan) and everything after uses its index.
enum MillionBench {
    static let section = "million"

    static func run(_ table: inout BenchTable) throws {
        let madeIn = try MillionLibrary.ensure()
        let disk = MillionLibrary.diskMB()
        table.add(section: section, "library on disk", value: disk, unit: .mb, target: .atMost(4096),
                  note: madeIn > 0 ? String(format: "made in %.0f s this run", madeIn) : "made by an earlier run")
        let binary = try photopickBinary()
        let findMs = try findReference(&table)

        let cache = BenchLibraries.base + "/million-window-cache"
        try window(binary, cache: cache, findMs: findMs, &table)
        try list(binary, cache: cache, findMs: findMs, &table)
        try MillionStall.run(&table, indexFrom: cache)
        MillionModelBench.run(&table)
    }

    /// The photopick built beside the bench.
    static func photopickBinary() throws -> String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
        let binary = dir + "/photopick"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError("build photopick beside the bench (make bench does)")
        }
        return binary
    }

    /// `find` listing the library with sizes and times (the median of three, page cache warm):
    /// the reference of every 1M row.
    static func findReference(_ table: inout BenchTable) throws -> Double {
        guard let find = Peers.which("find") else { throw BenchError("find is not installed") }
        let command = [find, MillionLibrary.root, "-type", "f", "-printf", "%s %T@\\n"]
        _ = wallMs { Peers.run(command) }  // warm the page cache
        let findMs = median((0..<3).map { _ in wallMs { Peers.run(command) } })
        table.add(section: section, "reference: find -type f -printf '%s %T@' (1M)", ms: findMs, reference: findMs,
                  note: "readdir + stat of 1,000,000 files in 1,000 folders")
        return findMs
    }

    /// `photopick list` over the library, twice, with the index the cold window's scan wrote
    /// (the same file a headless run uses: `$XDG_CACHE_HOME/photopick/index.sqlite3`).
    static func list(_ binary: String, cache: String, findMs: Double, _ table: inout BenchTable) throws {
        let warm = try (0..<2).map { _ in try ProcessPeak.run([binary, "list", MillionLibrary.root], cacheHome: cache) }
        let warmMs = median(warm.map(\.ms))
        table.add(section: section, "list, warm index", ms: warmMs, reference: findMs, target: .ratioAtMost(1.2),
                  note: String(format: "listing + index + model + 1M lines out; peak %.0f MB",
                               warm.map(\.peakMB).max() ?? 0))
        let index = cache + "/photopick/index.sqlite3"
        let bytes = ["", "-wal"].reduce(0) { sum, suffix in
            sum + ((try? FileManager.default.attributesOfItem(atPath: index + suffix)[.size] as? Int) ?? 0)
        }
        table.add(section: section, "index bytes per asset", value: Double(bytes) / Double(MillionLibrary.photoCount),
                  unit: .bytes, note: String(format: "index.sqlite3 of 1M photos: %.0f MB", Double(bytes) / 1_048_576))
    }

    /// The window, cold (no index, no thumbnails) then warm (the cold run's cache), timed to
    /// the first screen of full-quality thumbnails; and on an empty folder, for the floor.
    private static func window(_ binary: String, cache: String, findMs: Double, _ table: inout BenchTable) throws {
        let display = try PrivateDisplay()
        defer { display.stop() }
        let base = BenchLibraries.base
        let empty = base + "/empty-library", config = base + "/million-window-config"
        for dir in [empty, config] { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        func launch(_ library: String, _ cacheHome: String, until: Set<String>, linger: Double, timeout: Double) throws
            -> WindowRun {
            let run = try WindowRun.launch(binary, library: library, display: display.name, cacheHome: cacheHome,
                                           configHome: config, until: until, linger: linger, timeout: timeout)
            let times = ["window-presented", "visible-previews", "visible-thumbnails", "scan-listed", "scan-finished"]
                .compactMap { e in run.milestones[e].map { String(format: "%@ %.2f s", e, $0.seconds) } }
            log("    run: \(times.joined(separator: ", ")); peak \(Int(run.peakMB)) MB\(run.timedOut ? "; TIMED OUT" : "")")
            return run
        }
        try? FileManager.default.removeItem(atPath: base + "/million-window-cache-empty")
        let floor = try launch(empty, base + "/million-window-cache-empty", until: ["window-presented", "scan-finished"],
                               linger: 0, timeout: 60)
        let floorMs = (floor.milestones["window-presented"]?.seconds ?? .nan) * 1000
        table.add(section: section, "reference: empty folder, window presented", ms: floorMs, reference: floorMs,
                  note: String(format: "peak %.0f MB", floor.peakMB))

        // Cold runs until the scan is finished (and the index written), so the warm run has it.
        try? FileManager.default.removeItem(atPath: cache)
        let wanted: Set<String> = ["visible-thumbnails", "scan-finished"]
        let cold = try launch(MillionLibrary.root, cache, until: wanted, linger: 5, timeout: 3_600)
        let warms = try (0..<2).map { _ in try launch(MillionLibrary.root, cache, until: wanted, linger: 5, timeout: 1_200) }
        func ms(_ run: WindowRun, _ event: String) -> Double { (run.milestones[event]?.seconds ?? .nan) * 1000 }
        table.add(section: section, "window cold: first screen, full quality", ms: ms(cold, "visible-thumbnails"),
                  reference: findMs, note: cold.timedOut ? "TIMED OUT" : "no index, no thumbnails")
        table.add(section: section, "window cold: scan finished", ms: ms(cold, "scan-finished"), reference: findMs,
                  note: "sniff + EXIF of every file, into the index")
        table.add(section: section, "window cold: peak memory", value: cold.peakMB, unit: .mb, target: .atMost(600),
                  note: String(format: "largest worker %.0f MB", cold.peakWorkerMB))
        let warmFirst = median(warms.map { ms($0, "visible-thumbnails") })
        table.add(section: section, "window warm: first screen, full quality", ms: warmFirst, reference: findMs,
                  target: .ratioAtMost(0.5), note: "index + cached thumbnails, against find")
        table.add(section: section, "window warm: scan finished", ms: median(warms.map { ms($0, "scan-finished") }),
                  reference: findMs)
        let warmPeak = warms.map(\.peakMB).max() ?? .nan
        table.add(section: section, "window warm: peak memory", value: warmPeak, unit: .mb, reference: floor.peakMB,
                  target: .atMost(600))
        table.add(section: section, "window: memory per asset", value: (warmPeak - floor.peakMB) * 1_048_576 / 1e6,
                  unit: .bytes, note: "(warm peak − empty window peak) ÷ 1M")
    }
}

/// One run of a command to completion: wall time and peak resident memory (VmHWM, polled).
enum ProcessPeak {
    static func run(_ command: [String], cacheHome: String) throws -> (ms: Double, peakMB: Double) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: command[0])
        p.arguments = Array(command.dropFirst())
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = cacheHome
        p.environment = env
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        var peak = 0.0
        let ms = try wallMs {
            try p.run()
            while p.isRunning {
                peak = max(peak, WindowRun.vmHWM(p.processIdentifier))
                usleep(20_000)
            }
        }
        guard p.terminationStatus == 0 else { throw BenchError("\(command.joined(separator: " ")) failed") }
        return (ms, peak)
    }
}
