import Foundation

/// Section 7: no stall while scrolling the 100,000-photo library end to end.
enum StallBench {
    static let section = "7 stall"

    static func run(_ table: inout BenchTable) throws {
        try BenchLibraries.ensure100k()
        let r = try StallRun.measure(library: BenchLibraries.library100k)
        r.addRows(section: section, library: "100k", to: &table)
    }
}
