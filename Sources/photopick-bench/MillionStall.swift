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

    static func run(_ table: inout BenchTable, indexFrom source: String) throws {
        _ = try MillionLibrary.ensure()
        try IndexSeed.seed(cacheHome, from: source)
        let r = try StallRun.measure(library: MillionLibrary.root, cacheHome: cacheHome)
        r.addRows(section: MillionBench.section, library: "1M", condition: "warm: a copy of the cold window's index, scan finished",
                  to: &table)
    }
}
