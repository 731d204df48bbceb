import Foundation
import Glibc

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
        guard FileManager.default.fileExists(atPath: MillionLibrary.root + ".\(MillionLibrary.version).done") else {
            throw BenchError("no 1M library at \(MillionLibrary.root) (the million section makes it)")
        }
        let binary = try MillionBench.picker()
        let findMs = try MillionBench.findReference(&table)
        let cache = try scratchCopy(of: IndexSeed.template)
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let runner = try WindowRunner(binary, everyMilestone: true)
        let floor = try runner.floor(&table)
        log("  first warm run (makes the first screen's thumbnails, records the listing; not counted):")
        _ = try runner.launch(MillionLibrary.root, cache, until: WindowRunner.wanted.union(["index-recorded"]), timeout: 1_200)
        let warms = try (0..<2).map { _ in try runner.launch(MillionLibrary.root, cache, until: WindowRunner.wanted, timeout: 1_200) }
        MillionBench.addWarmRows(warms, floor: floor, findMs: findMs, &table)
    }

    /// A new folder under the bench's base holding a copy of `source`'s index.
    private static func scratchCopy(of source: String) throws -> String {
        var name = Array((BenchLibraries.base + "/million-warm-XXXXXX").utf8CString)
        guard let made = mkdtemp(&name) else { throw BenchError("mkdtemp failed: errno \(errno)") }
        let folder = String(cString: made)
        try IndexSeed.seed(folder, from: source)
        return folder
    }
}
