import Foundation

/// Issue 15's "never a stall" at a million: the window on the 1M library, scrolled end to end
/// as the `stall` section scrolls 100k (StallRun). The window opens warm, from a copy of an
/// index of the library another run wrote (which stays untouched), so the wait before
/// scrolling is the reconcile, not a 20-minute first read of every file.
enum MillionStall {
    static let cacheHome = BenchLibraries.base + "/stall-cache-library-1m"
    /// Cache homes that may hold an index of the 1M library: the million section's window
    /// (after its cold run) and an earlier bench's headless list.
    static let indexSources = ["million-window-cache", "million-list-cache"].map { BenchLibraries.base + "/" + $0 }

    /// `million-stall` alone: from whichever cache home holds the biggest index.
    static func run(_ table: inout BenchTable) throws {
        let sizes = indexSources.map { home in
            ["", "-wal"].reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: indexFile(home) + $1)[.size] as? Int) ?? 0) }
        }
        guard let best = zip(indexSources, sizes).max(by: { $0.1 < $1.1 }), best.1 > 0 else {
            throw BenchError("no index of the 1M library in \(indexSources.joined(separator: " or ")): run the million section once")
        }
        try run(&table, indexFrom: best.0)
    }

    private static func indexFile(_ home: String) -> String { home + "/photopick/index.sqlite3" }

    static func run(_ table: inout BenchTable, indexFrom source: String) throws {
        _ = try MillionLibrary.ensure()
        try seedIndex(from: indexFile(source))
        let r = try StallRun.measure(library: MillionLibrary.root, cacheHome: cacheHome)
        let met = r.maxMs < StallRun.targetMs ? "met" : "missed"
        let worst = r.worst.isEmpty ? "" : "; worst: " + r.worst.joined(separator: " | ")
        table.add(section: MillionBench.section, "1M scrolled end to end: longest stall", ms: r.maxMs, reference: StallRun.targetMs,
                  note: String(format: "target < 50 ms: %@; %d of %d beats ≥ 50 ms; most main-thread CPU in one gap %.1f ms; reached %@%@",
                               met, r.stalls, r.beats, r.maxCpuMs, r.reached, worst))
        table.add(section: MillionBench.section, "1M scrolled end to end: 99th percentile", ms: r.p99Ms, reference: StallRun.targetMs,
                  note: "gaps of an 8 ms main-loop heartbeat (scrollbar drag, Page Down held, End, Home)")
    }

    /// Copies an index of the library (and its write-ahead log) into this run's cache home,
    /// once; later runs reuse what the window kept up to date there.
    private static func seedIndex(from index: String) throws {
        let folder = cacheHome + "/photopick", target = indexFile(cacheHome)
        let files = FileManager.default
        guard !files.fileExists(atPath: target) else { return }
        guard files.fileExists(atPath: index) else { throw BenchError("no index of the 1M library at \(index)") }
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The index itself last: it marks a complete copy (a log left by an interrupted copy goes).
        for suffix in ["-wal", "-shm"] { try? files.removeItem(atPath: target + suffix) }
        for suffix in ["-wal", ""] where files.fileExists(atPath: index + suffix) {
            try files.copyItem(atPath: index + suffix, toPath: target + suffix)
        }
    }
}
