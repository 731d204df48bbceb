import CGtk
import PhotoPickGLib

/// A repeating timer on the GLib main loop (g_timeout) that runs `tick` until `stop` is called
/// (or the timer goes): for ticks every few milliseconds, such as auto-scroll while dragging.
@MainActor
final class MainLoopTimer {
    private var source: guint = 0
    var isRunning: Bool { source != 0 }

    /// Which sources run first when several are due: `.high` goes before input, layout and
    /// painting (for a probe of the loop itself), `.normal` is GLib's default.
    enum Priority { case normal, high }

    func start(intervalMs: UInt32, priority: Priority = .normal, _ tick: @escaping @MainActor () -> Void) {
        stop()
        source = g_timeout_add_full(priority == .high ? G_PRIORITY_HIGH : G_PRIORITY_DEFAULT, intervalMs, { data in
            let call: @MainActor () -> Void = unbox(data)
            MainActor.assumeIsolated { call() }
            return 1  // G_SOURCE_CONTINUE: only stop() ends it
        }, CallbackBox(tick).retainedPointer(), releaseBox)
    }

    func stop() {
        guard source != 0 else { return }
        g_source_remove(source)
        source = 0
    }

    isolated deinit { stop() }
}
