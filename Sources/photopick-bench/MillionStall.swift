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
        r.addRows(section: MillionBench.section, library: "1M",
                  condition: "opened with this run's own index (new the first time: the scan still reading files)", to: &table)
    }

    private static func indexFile(_ home: String) -> String { home + "/photopick/index.sqlite3" }

    static func run(_ table: inout BenchTable, indexFrom source: String) throws {
        _ = try MillionLibrary.ensure()
        try seedIndex(from: indexFile(source))
        let r = try StallRun.measure(library: MillionLibrary.root, cacheHome: cacheHome)
        r.addRows(section: MillionBench.section, library: "1M", condition: "warm: a copy of the cold window's index, scan finished",
                  to: &table)
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
