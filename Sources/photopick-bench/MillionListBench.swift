import Foundation

/// `million-list`: the million section's `find` and warm `photopick list` rows alone, without
/// its cold window (a 12-minute scan): the index is a fresh copy of one a complete scan of the
/// 1M library wrote (`PHOTOPICK_BENCH_INDEX_TEMPLATE`, a cache home; by default
/// /tmp/pipeline-cache-template), so each run starts from the same warm index.
enum MillionListBench {
    static let cacheHome = BenchLibraries.base + "/million-list-cache"

    static func run(_ table: inout BenchTable) throws {
        _ = try MillionLibrary.ensure()
        let template = ProcessInfo.processInfo.environment["PHOTOPICK_BENCH_INDEX_TEMPLATE"] ?? "/tmp/pipeline-cache-template"
        let files = FileManager.default
        guard files.fileExists(atPath: template + "/photopick/index.sqlite3") else {
            throw BenchError("no index of the 1M library at \(template)/photopick/index.sqlite3")
        }
        let binary = try MillionBench.picker()
        let findMs = try MillionBench.findReference(&table)
        try? files.removeItem(atPath: cacheHome)
        try files.copyItem(atPath: template, toPath: cacheHome)
        try MillionBench.list(binary, cache: cacheHome, findMs: findMs, &table)
    }
}
