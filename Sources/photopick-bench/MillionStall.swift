import Foundation

/// Issue 15's "never a stall" at a million: the window on the 1M library, scrolled end to end
/// as the `stall` section scrolls 100k (StallRun). The window opens warm, from a copy of an
/// index of the whole library (which stays untouched), so the wait before scrolling is the
/// reconcile, not a 20-minute first read of every file.
enum MillionStall {
    static let cacheHome = BenchLibraries.base + "/stall-cache-library-1m"

    /// `million-stall` alone: from a copy of the template index, as `million-warm` starts, or
    /// without one, of the index the million section's cold window wrote.
    static func run(_ table: inout BenchTable) throws {
        let sources = [IndexSeed.template, MillionBench.windowCache]
        guard let source = sources.first(where: { FileManager.default.fileExists(atPath: IndexSeed.indexFile($0)) }) else {
            throw BenchError("no index of the 1M library in \(sources.joined(separator: " or ")) (the million section writes the second)")
        }
        log("  index from \(source)")
        try run(&table, indexFrom: source)
    }

    /// The scrolling, from a copy of `source`'s index (a cache home). A first open, not
    /// counted, records the listing with its newest files (an index that predates them, such
    /// as the template, is then as any user's second open finds it); the counted open scrolls
    /// once the reconcile is over and the first screen's thumbnails are shown.
    static func run(_ table: inout BenchTable, indexFrom source: String) throws {
        try MillionLibrary.requireMade()
        try IndexSeed.seed(cacheHome, from: source)
        try recordListing()
        let r = try StallRun.measure(library: MillionLibrary.root, cacheHome: cacheHome, timeout: 1_200)
        r.addRows(section: MillionBench.section, library: "1M", condition: "warm: a copy of a whole index, reconciled",
                  to: &table)
    }

    /// The uncounted first open, until the listing is recorded.
    private static func recordListing() throws {
        let runner = try WindowRunner(try MillionBench.picker())
        log("  first warm open (records the listing; not counted):")
        _ = try runner.launch(MillionLibrary.root, cacheHome, until: WindowRunner.wanted.union(["index-recorded"]),
                              linger: 0, timeout: 1_200)
    }
}
