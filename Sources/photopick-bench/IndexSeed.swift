import Foundation

/// The warm 1M rows start from a copy of an index a complete scan wrote, never from the index
/// itself: a window or `list` run writes to its index, and each run must find the same one.
enum IndexSeed {
    /// The cache home whose `photopick/index.sqlite3` indexes the whole 1M library:
    /// `PHOTOPICK_BENCH_INDEX_TEMPLATE`, by default the shared template.
    static var template: String {
        ProcessInfo.processInfo.environment["PHOTOPICK_BENCH_INDEX_TEMPLATE"] ?? "/tmp/pipeline-cache-template"
    }

    static func indexFile(_ cacheHome: String) -> String { cacheHome + "/photopick/index.sqlite3" }

    /// Makes `cacheHome`'s index a fresh copy of `source`'s (a cache home), with its write-ahead
    /// log: afresh each run, since an earlier copy may be of an older schema, which the window
    /// would set aside and rebuild (a cold scan).
    static func seed(_ cacheHome: String, from source: String) throws {
        let index = indexFile(source), target = indexFile(cacheHome)
        let files = FileManager.default
        guard files.fileExists(atPath: index) else { throw BenchError("no index of the 1M library at \(index)") }
        let folder = cacheHome + "/photopick"
        try? files.removeItem(atPath: folder)
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for suffix in ["-wal", ""] where files.fileExists(atPath: index + suffix) {
            try files.copyItem(atPath: index + suffix, toPath: target + suffix)
        }
    }
}
