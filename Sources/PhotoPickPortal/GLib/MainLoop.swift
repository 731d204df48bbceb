import CGio
import PhotoPickGLib

/// Timers and Unix signals on the GLib main loop.
@MainActor
public enum MainLoop {
    /// Runs `action` once after `seconds`; the source id, for `cancel`.
    @discardableResult
    public static func after(seconds: UInt32, _ action: @escaping @MainActor () -> Void) -> guint {
        g_timeout_add_seconds_full(G_PRIORITY_DEFAULT, seconds, { data in
            let action = CallbackBox<@MainActor () -> Void>.from(data).call
            MainActor.assumeIsolated { action() }
            return 0  // G_SOURCE_REMOVE
        }, CallbackBox<@MainActor () -> Void>(action).retainedPointer(), releaseBox)
    }

    public static func cancel(_ source: guint) {
        if source != 0 { g_source_remove(source) }
    }

    /// Calls `action` on each delivery of `signal` (SIGTERM, SIGINT), in the loop, not in a handler.
    public static func onSignal(_ signal: Int32, _ action: @escaping @MainActor () -> Void) {
        g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
            let action = CallbackBox<@MainActor () -> Void>.from(data).call
            MainActor.assumeIsolated { action() }
            return 1  // G_SOURCE_CONTINUE
        }, CallbackBox<@MainActor () -> Void>(action).retainedPointer(), releaseBox)
    }
}
