import Foundation

/// `million-cold`, run only when named: the million section's cold window alone (no index,
/// no thumbnails: an empty cache home of its own), until its scan of the 1M library is
/// finished and the index written, with the peak memory the million section reports. Every
/// milestone is logged, with the resident memory the window traced at each step of the scan
/// (`mem-…` lines), to show where the peak is reached.
enum MillionColdBench {
    static func run(_ table: inout BenchTable) throws {
        try MillionLibrary.requireMade()
        let binary = try MillionBench.picker()
        let findMs = try MillionBench.findReference(&table)
        let runner = try WindowRunner(binary, everyMilestone: true)
        let floor = try runner.floor(&table)
        let cache = try BenchLibraries.scratchFolder("million-cold")  // empty, this run's own
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let cold = try runner.launch(MillionLibrary.root, cache, until: WindowRunner.wanted, timeout: 3_600)
        MillionBench.addColdRows(cold, floor: floor, findMs: findMs, &table)
    }
}
