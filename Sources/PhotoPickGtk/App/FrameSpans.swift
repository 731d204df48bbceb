import CGtk
import PhotoPickSystem

/// With `PHOTOPICK_TRACE=1`, GTK's own frames as stall-probe spans, so a stall in which
/// none of the window's traced work ran is still explained: `frame-layout` from the frame's
/// start to the end of its layout phase (ticks, allocation, rows bound; `frame-relayout` for
/// each layout a layout queued in the same frame), `frame-paint` from
/// there to the end of its paint phase (snapshot and render). The handlers run after GTK's,
/// which the surface connected first. Without tracing nothing is connected.
@MainActor
enum FrameSpans {
    static func install(on widget: some WidgetHandle) {
        guard Trace.isEnabled, let clock = widget.frameClock else { return }
        clock.on("before-paint") {
            phaseStart = ThreadClock.monotonicMicroseconds()
            laidOut = false
        }
        // GDK lays out again, up to four times a frame, while a layout queues another.
        clock.on("layout") {
            endPhase(laidOut ? "frame-relayout" : "frame-layout")
            laidOut = true
        }
        clock.on("paint") { endPhase("frame-paint") }
    }

    /// When the phase under way began (µs, main loop's clock); whether this frame was laid out once.
    private static var phaseStart = 0, laidOut = false

    private static func endPhase(_ name: String) {
        let now = ThreadClock.monotonicMicroseconds()
        StallProbe.noteSpan(name, ms: Double(now - phaseStart) / 1000)
        phaseStart = now
    }
}
