import Foundation

/// `million-list`: the million section's `find` and warm `photopick list` rows alone, without
/// its cold window (a 12-minute scan): the index is a fresh copy of the template
/// (`IndexSeed`), so each run starts from the same warm index.
enum MillionListBench {
    static let cacheHome = BenchLibraries.base + "/million-list-cache"

    static func run(_ table: inout BenchTable) throws {
        _ = try MillionLibrary.ensure()
        let binary = try MillionBench.picker()
        let findMs = try MillionBench.findReference(&table)
        try IndexSeed.seed(cacheHome, from: IndexSeed.template)
        try MillionBench.list(binary, cache: cacheHome, findMs: findMs, &table)
    }
}
