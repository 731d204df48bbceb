import Foundation

/// The million sections' window launches: one private display, one settings folder, each
/// run logged with its milestones and peak memory.
final class WindowRunner {
    /// What a 1M window run waits for: the first screen, and the scan (or recheck) finished.
    static let wanted: Set<String> = ["visible-thumbnails", "scan-finished"]
    private let binary: String
    private let display: PrivateDisplay
    private let config = BenchLibraries.base + "/million-window-config"
    /// Log every milestone of each run with its detail (the warm open's breakdown), not just the main ones.
    private let everyMilestone: Bool

    init(_ binary: String, everyMilestone: Bool = false) throws {
        self.binary = binary
        self.everyMilestone = everyMilestone
        display = try PrivateDisplay()
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    }

    deinit { display.stop() }

    /// One run until `until` were all traced, then 5 s more (covers keep loading).
    func launch(_ library: String, _ cacheHome: String, until: Set<String>, linger: Double = 5, timeout: Double) throws
        -> WindowRun {
        let run = try WindowRun.launch(binary, library: library, display: display.name, cacheHome: cacheHome,
                                       configHome: config, until: until, linger: linger, timeout: timeout)
        let shown = everyMilestone
            ? run.milestones.sorted { $0.value.seconds < $1.value.seconds }.map(\.key)
            : ["window-presented", "visible-previews", "visible-thumbnails", "scan-listed", "scan-finished"]
        let times = shown.compactMap { e in
            run.milestones[e].map { m in
                String(format: "%@ %.2f s", e, m.seconds) + (everyMilestone && !m.detail.isEmpty ? " (\(m.detail))" : "")
            }
        }
        log("    run: \(times.joined(separator: ", ")); peak \(Int(run.peakMB)) MB\(run.timedOut ? "; TIMED OUT" : "")")
        return run
    }

    /// The empty window, the floor: its `window-presented` row; returns the run (its peak is the memory floor).
    func floor(_ table: inout BenchTable) throws -> WindowRun {
        let base = BenchLibraries.base
        let empty = base + "/empty-library", cache = base + "/million-window-cache-empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: cache)
        let floor = try launch(empty, cache, until: ["window-presented", "scan-finished"], linger: 0, timeout: 60)
        let floorMs = floor.ms("window-presented")
        table.add(section: MillionBench.section, "reference: empty folder, window presented", ms: floorMs, reference: floorMs,
                  note: String(format: "peak %.0f MB", floor.peakMB))
        return floor
    }
}
