import CGtk
import Foundation

/// With `PHOTOPICK_TRACE=1`, measures how long the main loop goes without running: a
/// high-priority heartbeat every 8 ms notes the gap since its last run, so the longest gap is
/// the longest stall a key press or a frame would have waited (an upper bound, by at most
/// one beat). A gap of 50 ms or more is traced at once as `stall N ms` with the traced main-
/// thread work that ended inside it (`Trace.timed` spans, longest first); the summary,
/// `stall-summary max … p99 … over-50 … beats …`, is traced on SIGUSR1 (then counting starts
/// afresh: the benchmark's way to measure one stretch) and when the window closes.
/// Without tracing nothing is installed.
@MainActor
enum StallProbe {
    static let beatMs: UInt32 = 8
    private static var recorder = StallRecorder()
    private static var lastBeat = 0  // µs of g_get_monotonic_time
    private static var timer: MainLoopTimer?
    /// Main-thread spans that ended since the last beat: what ran during a gap.
    private static var spans: [(name: String, ms: Double)] = []

    static func install() {
        guard Trace.isEnabled, timer == nil else { return }
        let timer = MainLoopTimer()
        self.timer = timer
        lastBeat = g_get_monotonic_time()
        timer.start(intervalMs: beatMs, priority: .high) { beat() }
        onEveryUnixSignal(SIGUSR1) { report() }
    }

    private static func beat() {
        let now = g_get_monotonic_time()
        let gapMs = Double(now - lastBeat) / 1000
        lastBeat = now
        recorder.record(gapMs: gapMs)
        if gapMs >= recorder.threshold {
            let during = spans.sorted { $0.ms > $1.ms }.prefix(3).map { String(format: "%@ %.1fms", $0.name, $0.ms) }
            Trace.mark(String(format: "stall %.1f ms", gapMs) + (during.isEmpty ? "" : " during " + during.joined(separator: ", ")))
        }
        spans.removeAll(keepingCapacity: true)
    }

    /// A traced piece of main-thread work that just ended (from `Trace.timed`).
    static func noteSpan(_ name: String, ms: Double) {
        guard timer != nil else { return }
        spans.append((name, ms))
    }

    /// Traces the summary so far and starts counting afresh.
    static func report() {
        guard timer != nil else { return }
        Trace.mark("stall-summary " + recorder.summary)
        recorder.reset()
        lastBeat = g_get_monotonic_time()
    }
}
