import Foundation

/// The arithmetic of the stall probe, free of GTK: main-loop gaps in, their longest and 99th
/// percentile out. Gaps go into 1 ms buckets (the last one also holds all above it), so a
/// session of any length costs the same memory; the longest gap is kept exact.
struct StallRecorder: Sendable, Equatable {
    static let bucketCount = 1000
    private(set) var buckets = [Int](repeating: 0, count: StallRecorder.bucketCount)
    private(set) var count = 0
    private(set) var maxMs = 0.0
    /// The gaps of `threshold` ms or more: how many stalls, as the target counts them.
    private(set) var overThreshold = 0
    /// The most CPU time the main thread used within one gap: a stall the window made itself,
    /// apart from time the machine gave to other processes.
    private(set) var maxCpuMs = 0.0
    let threshold: Double

    init(threshold: Double = 50) { self.threshold = threshold }

    mutating func record(gapMs: Double, cpuMs: Double = 0) {
        guard gapMs.isFinite, gapMs >= 0 else { return }  // a clock going back is not a gap
        if cpuMs.isFinite { maxCpuMs = max(maxCpuMs, min(cpuMs, gapMs)) }
        buckets[min(Int(gapMs), Self.bucketCount - 1)] += 1
        count += 1
        maxMs = max(maxMs, gapMs)
        if gapMs >= threshold { overThreshold += 1 }
    }

    /// The gap that `fraction` (0…1) of all gaps stay at or under, to the next whole ms (the
    /// upper edge of its bucket, never above the longest gap); 0 with no gaps.
    func percentile(_ fraction: Double) -> Double {
        guard count > 0 else { return 0 }
        let wanted = max(1, Int((fraction * Double(count)).rounded(.up)))
        var seen = 0
        for (ms, n) in buckets.enumerated() {
            seen += n
            // The last bucket holds everything above it: only the longest gap bounds it.
            if seen >= wanted { return ms == Self.bucketCount - 1 ? maxMs : min(Double(ms + 1), maxMs) }
        }
        return maxMs
    }

    var p99Ms: Double { percentile(0.99) }

    /// The trace line's detail: `max 12.3 ms p99 9.0 ms over-50 0 beats 812 cpu-max 10.1 ms`.
    var summary: String {
        String(format: "max %.1f ms p99 %.1f ms over-%d %d beats %d cpu-max %.1f ms",
               maxMs, p99Ms, Int(threshold), overThreshold, count, maxCpuMs)
    }

    mutating func reset() { self = StallRecorder(threshold: threshold) }
}
