import Foundation

/// Section 7: no stall while scrolling the 100,000-photo library end to end.
enum StallBench {
    static let section = "7 stall"

    static func run(_ table: inout BenchTable) throws {
        try BenchLibraries.ensure100k()
        let r = try StallRun.measure(library: BenchLibraries.library100k)
        let met = r.maxMs < StallRun.targetMs ? "met" : "missed"
        let worst = r.worst.isEmpty ? "" : "; worst: " + r.worst.joined(separator: " | ")
        table.add(section: section, "100k scrolled end to end: longest stall", ms: r.maxMs, reference: StallRun.targetMs,
                  note: String(format: "target < 50 ms: %@; %d of %d beats ≥ 50 ms; most main-thread CPU in one gap %.1f ms; reached %@%@",
                              met, r.stalls, r.beats, r.maxCpuMs, r.reached, worst))
        table.add(section: section, "100k scrolled end to end: 99th percentile", ms: r.p99Ms, reference: StallRun.targetMs,
                  note: "gaps of an 8 ms main-loop heartbeat (scrollbar drag, Page Down held, End, Home)")
    }
}
