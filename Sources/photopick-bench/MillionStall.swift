import Foundation

/// Issue 15's "never a stall" at a million: the window on the 1M library, scrolled end to end
/// as the `stall` section scrolls 100k (StallRun). In the million section the window opens
/// warm, from a copy of the index its cold window wrote (which stays untouched), so the wait
/// before scrolling is the reconcile, not a 20-minute first read of every file.
enum MillionStall {
    static let cacheHome = BenchLibraries.base + "/stall-cache-library-1m"
    /// `million-stall` alone, with no fresh index of the 1M library at hand: the window opens
    /// it with its own cache home (new the first time) and the scrolling starts once the
    /// library is listed and its first screen shown, while the scan still reads the files at
    /// low priority; the row says which it was.
    static func run(_ table: inout BenchTable) throws {
        _ = try MillionLibrary.ensure()
        let r = try StallRun.measure(library: MillionLibrary.root, cacheHome: cacheHome + "-own",
                                     ready: ["scan-listed", "visible-thumbnails"])
        add(r, condition: "opened with this run's own index (new the first time: the scan still reading files)", &table)
    }

    private static func indexFile(_ home: String) -> String { home + "/photopick/index.sqlite3" }

    static func run(_ table: inout BenchTable, indexFrom source: String) throws {
        _ = try MillionLibrary.ensure()
        try seedIndex(from: indexFile(source))
        let r = try StallRun.measure(library: MillionLibrary.root, cacheHome: cacheHome)
        add(r, condition: "warm: a copy of the cold window's index, scan finished", &table)
    }

    private static func add(_ r: StallRun.Result, condition: String, _ table: inout BenchTable) {
        let met = r.maxMs < StallRun.targetMs ? "met" : "missed"
        let worst = r.worst.isEmpty ? "" : "; worst: " + r.worst.joined(separator: " | ")
        table.add(section: MillionBench.section, "1M scrolled end to end: longest stall", ms: r.maxMs, reference: StallRun.targetMs,
                  note: String(format: "target < 50 ms: %@; %d of %d beats ≥ 50 ms; most main-thread CPU in one gap %.1f ms; reached %@%@",
                               met, r.stalls, r.beats, r.maxCpuMs, r.reached, worst))
        table.add(section: MillionBench.section, "1M scrolled end to end: 99th percentile", ms: r.p99Ms, reference: StallRun.targetMs,
                  note: "gaps of an 8 ms main-loop heartbeat (scrollbar drag, Page Down held, End, Home); " + condition)
    }

    /// Copies an index of the library (and its write-ahead log) into this run's cache home,
    /// afresh each run: an earlier copy may be of an older schema, which the window would set
    /// aside and rebuild (a cold scan).
    private static func seedIndex(from index: String) throws {
        let folder = cacheHome + "/photopick", target = indexFile(cacheHome)
        let files = FileManager.default
        guard files.fileExists(atPath: index) else { throw BenchError("no index of the 1M library at \(index)") }
        try? files.removeItem(atPath: folder)
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for suffix in ["-wal", ""] where files.fileExists(atPath: index + suffix) {
            try files.copyItem(atPath: index + suffix, toPath: target + suffix)
        }
    }
}
