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
    /// The cache home of the section's windows: the cold one's scan writes its index there.
    static let windowCache = BenchLibraries.base + "/million-window-cache"

    static func run(_ table: inout BenchTable) throws {
        let madeIn = try MillionLibrary.ensure()
        let disk = MillionLibrary.diskMB()
        table.add(section: section, "library on disk", value: disk, unit: .mb, target: .atMost(4096),
                  note: madeIn > 0 ? String(format: "made in %.0f s this run", madeIn) : "made by an earlier run")
        let binary = try picker()
        let findMs = try findReference(&table)
        let cache = windowCache
        try window(binary, cache: cache, findMs: findMs, &table)
        try list(binary, cache: cache, findMs: findMs, &table)
        try MillionStall.run(&table, indexFrom: cache)
        MillionModelBench.run(&table)
    }

    /// The picker built beside the bench (make bench builds both).
    static func picker() throws -> String {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
        let binary = dir + "/photopick"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError("build photopick beside the bench (make bench does)")
        }
        return binary
    }

    /// `find` listing the library (page cache warmed first), the reference of the 1M rows.
    static func findReference(_ table: inout BenchTable) throws -> Double {
        guard let find = Peers.which("find") else { throw BenchError("find is not installed") }
        let root = MillionLibrary.root
        _ = wallMs { Peers.run([find, root, "-type", "f", "-printf", "%s %T@\\n"]) }  // warm the page cache
        let findMs = median((0..<3).map { _ in wallMs { Peers.run([find, root, "-type", "f", "-printf", "%s %T@\\n"]) } })
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
                  note: String(format: "walk + index + 1M lines out; peak %.0f MB",
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
        let runner = try WindowRunner(binary)
        let floor = try runner.floor(&table)
        // Cold runs until the scan is finished (and the index written), so the warm run has it.
        try? FileManager.default.removeItem(atPath: cache)
        let cold = try runner.launch(MillionLibrary.root, cache, until: WindowRunner.wanted, timeout: 3_600)
        let warms = try (0..<2).map { _ in try runner.launch(MillionLibrary.root, cache, until: WindowRunner.wanted, timeout: 1_200) }
        addColdRows(cold, floor: floor, findMs: findMs, &table)
        addWarmRows(warms, floor: floor, findMs: findMs, &table)
    }

    /// The warm window's rows (the million section's and `million-warm`'s): first screen
    /// against `find` (the median run), scan finished, peak memory and memory per asset.
    /// The cold window's rows, as the `million` and `million-cold` sections both print them.
    static func addColdRows(_ cold: WindowRun, floor: WindowRun, findMs: Double, _ table: inout BenchTable) {
        table.add(section: section, "window cold: first screen, full quality", ms: cold.ms("visible-thumbnails"),
                  reference: findMs, note: cold.timedOut ? "TIMED OUT" : "no index, no thumbnails")
        table.add(section: section, "window cold: scan finished", ms: cold.ms("scan-finished"), reference: findMs,
                  note: "sniff + EXIF of every file, into the index")
        table.add(section: section, "window cold: peak memory", value: cold.peakMB, unit: .mb, reference: floor.peakMB,
                  target: .atMost(600), note: String(format: "largest worker %.0f MB", cold.peakWorkerMB))
    }

    static func addWarmRows(_ warms: [WindowRun], floor: WindowRun, findMs: Double, _ table: inout BenchTable) {
        let warmFirst = median(warms.map { $0.ms("visible-thumbnails") })
        table.add(section: section, "window warm: first screen, full quality", ms: warmFirst, reference: findMs,
                  target: .ratioAtMost(0.5), note: "index + cached thumbnails, against find")
        table.add(section: section, "window warm: scan finished", ms: median(warms.map { $0.ms("scan-finished") }),
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
