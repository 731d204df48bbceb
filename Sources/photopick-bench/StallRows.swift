import Foundation

/// The two rows a scrolling measurement prints: the `stall` section's 100k and the million
/// section's 1M, worded alike so they compare.
extension StallRun.Result {
    /// `library` names what was scrolled ("100k"); `condition`, when given, how it was opened.
    func addRows(section: String, library: String, condition: String? = nil, to table: inout BenchTable) {
        let met = maxMs < StallRun.targetMs ? "met" : "missed"
        let worstText = worst.isEmpty ? "" : "; worst: " + worst.joined(separator: " | ")
        table.add(section: section, "\(library) scrolled end to end: longest stall", ms: maxMs, reference: StallRun.targetMs,
                  note: String(format: "target < 50 ms: %@; %d of %d beats ≥ 50 ms; most main-thread CPU in one gap %.1f ms; reached %@%@",
                               met, stalls, beats, maxCpuMs, reached, worstText))
        table.add(section: section, "\(library) scrolled end to end: 99th percentile", ms: p99Ms, reference: StallRun.targetMs,
                  note: "gaps of an 8 ms main-loop heartbeat (scrollbar drag, Page Down held, End, Home)"
                      + (condition.map { "; " + $0 } ?? ""))
    }
}
