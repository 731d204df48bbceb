import Foundation

/// `million-warm`, run only when named: the million section's warm window rows alone, without
/// its 12-minute cold scan. The index comes from the template of the 1M library (`IndexSeed`,
/// never written: each run copies it into a folder of its own), so every run starts from the
/// same index. As in the million section, where the cold run made the first screen's
/// thumbnails and recorded the listing, a first warm run makes them and records its listing
/// (with the newest files a warm open shows first, which the template predates: any user's
/// second open finds them so) and is not counted; the two runs after it are, by the same
/// statistics. Every milestone of each run is logged, with the resident memory the window
/// traced at each step of the open.
enum MillionWarmBench {
    static func run(_ table: inout BenchTable) throws {
        let index = IndexSeed.indexFile(IndexSeed.template)
        guard FileManager.default.fileExists(atPath: index) else { throw BenchError("no template index at \(index)") }
        try MillionLibrary.requireMade()
        let binary = try MillionBench.picker()
        let findMs = try MillionBench.findReference(&table)
        let cache = try scratchCopy(of: IndexSeed.template)
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let runner = try WindowRunner(binary, everyMilestone: true)
        let floor = try runner.floor(&table)
        log("  first warm run (makes the first screen's thumbnails, records the listing; not counted):")
        _ = try runner.launch(MillionLibrary.root, cache, until: WindowRunner.wanted.union(["index-recorded"]), timeout: 1_200)
        let warms = try (0..<2).map { _ in try runner.launch(MillionLibrary.root, cache, until: WindowRunner.wanted, timeout: 1_200) }
        for warm in warms { logAdoptionStalls(warm) }
        MillionBench.addWarmRows(warms, floor: floor, findMs: findMs, &table)
    }

    /// The main-loop stalls from the first screen's library to the whole one and just after
    /// (the whole one's adoption on the main thread, while the user may already scroll), as
    /// traced: how long, the main thread's CPU in it (little CPU: the core was elsewhere), and
    /// what ran.
    private static func logAdoptionStalls(_ run: WindowRun) {
        guard let first = run.milestones["library-first-adopted"]?.seconds,
              let whole = ["library-extended", "library-adopted", "library-added"].compactMap({ run.milestones[$0] }).first
        else { return log("    no first screen's library and whole library traced: no adoption stalls") }
        let stalls = run.stalls.filter { $0.seconds >= first && $0.seconds <= whole.seconds + 1 }
        log("    stalls of 50 ms or more from library-first-adopted to 1 s after the whole library (at \(String(format: "%.2f", whole.seconds)) s): "
            + (stalls.isEmpty ? "none" : stalls.map { String(format: "%.2f s: ", $0.seconds) + $0.detail }.joined(separator: "; ")))
    }

    /// A new folder under the bench's base holding a copy of `source`'s index.
    private static func scratchCopy(of source: String) throws -> String {
        let folder = try BenchLibraries.scratchFolder("million-warm")
        try IndexSeed.seed(folder, from: source)
        return folder
    }
}
