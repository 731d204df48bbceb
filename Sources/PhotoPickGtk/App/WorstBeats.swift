/// The longest main-loop gaps since the last summary, each with what ran in it, so the
/// summary explains its worst beats even when none of them reached 50 ms.
struct WorstBeats: Sendable, Equatable {
    struct Beat: Sendable, Equatable {
        var ms: Double
        /// `12.3 ms cpu 10.1 ms during render-selection 9.8ms×1, …`, as a stall line has it.
        var line: String
    }

    let capacity: Int
    /// Longest first.
    private(set) var beats: [Beat] = []

    init(capacity: Int = 5) { self.capacity = capacity }

    /// Whether a gap of `ms` would be kept: asked on every beat, before its line is made.
    func admits(_ ms: Double) -> Bool { beats.count < capacity || ms > beats[beats.count - 1].ms }

    mutating func record(_ ms: Double, _ line: String) {
        guard capacity > 0, admits(ms) else { return }
        let at = beats.firstIndex { $0.ms < ms } ?? beats.count
        beats.insert(Beat(ms: ms, line: line), at: at)
        if beats.count > capacity { beats.removeLast() }
    }

    mutating func reset() { beats.removeAll(keepingCapacity: true) }
}
