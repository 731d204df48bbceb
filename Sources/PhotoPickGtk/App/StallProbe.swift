import Foundation
import Glibc
import PhotoPickSystem

/// With `PHOTOPICK_TRACE=1`, measures how long the main loop goes without running: a
/// high-priority heartbeat every 8 ms notes the gap since its last run, so the longest gap is
/// the longest stall a key press or a frame would have waited (an upper bound, by at most
/// one beat), and the CPU time the main thread used in it (little CPU in a long gap: the
/// machine gave the core to someone else). A gap of 50 ms or more is traced at once as
/// `stall N ms cpu M ms during …` with the main-thread work that ended inside it (`Trace.timed`
/// and `Trace.span`, GTK's frame phases from `FrameSpans`, summed by name, longest first); the
/// summary, `stall-summary max … p99 … over-50 … beats … cpu-max …`, after the five longest
/// gaps as `stall-worst` lines of the same form (explained even under 50 ms), is traced on
/// SIGUSR1 (then counting starts afresh: the benchmark's way to measure one stretch) and when
/// the window closes.
/// Without tracing nothing is installed.
@MainActor
enum StallProbe {
    static let beatMs: UInt32 = 8
    private static var recorder = StallRecorder()
    private static var lastBeat = 0, lastCpu = 0  // µs
    private static var timer: MainLoopTimer?
    /// Main-thread spans that ended since the last beat: what ran during a gap.
    private static var spans: [String: (ms: Double, count: Int)] = [:]
    private static var worst = WorstBeats()

    static func install() {
        guard Trace.isEnabled, timer == nil else { return }
        let timer = MainLoopTimer()
        self.timer = timer
        lastBeat = ThreadClock.monotonicMicroseconds()
        lastCpu = ThreadClock.cpuMicroseconds()
        timer.start(intervalMs: beatMs, priority: .high) { beat() }
        Trace.observeMainThreadSpans { name, ms in noteSpan(name, ms: ms) }
        onEveryUnixSignal(SIGUSR1) { report() }
    }

    private static func beat() {
        let now = ThreadClock.monotonicMicroseconds(), cpu = ThreadClock.cpuMicroseconds()
        let gapMs = Double(now - lastBeat) / 1000, cpuMs = Double(cpu - lastCpu) / 1000
        lastBeat = now
        lastCpu = cpu
        recorder.record(gapMs: gapMs, cpuMs: cpuMs)
        if gapMs >= recorder.threshold || worst.admits(gapMs) {
            let during = spans.sorted { $0.value.ms > $1.value.ms }.prefix(4)
                .map { String(format: "%@ %.1fms×%d", $0.key, $0.value.ms, $0.value.count) }
            let line = String(format: "%.1f ms cpu %.1f ms", gapMs, cpuMs)
                + (during.isEmpty ? "" : " during " + during.joined(separator: ", "))
            if gapMs >= recorder.threshold { Trace.mark("stall " + line) }
            worst.record(gapMs, line)
        }
        spans.removeAll(keepingCapacity: true)
    }

    /// A traced piece of main-thread work that just ended (from `Trace.timed` or `Trace.span`).
    static func noteSpan(_ name: String, ms: Double) {
        guard timer != nil else { return }
        spans[name, default: (0, 0)].ms += ms
        spans[name, default: (0, 0)].count += 1
    }

    /// Traces the summary so far and starts counting afresh.
    static func report() {
        guard timer != nil else { return }
        for beat in worst.beats { Trace.mark("stall-worst " + beat.line) }
        Trace.mark("stall-summary " + recorder.summary)
        recorder.reset()
        worst.reset()
        lastBeat = ThreadClock.monotonicMicroseconds()
        lastCpu = ThreadClock.cpuMicroseconds()
    }
}
