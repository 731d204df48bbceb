import CGtk
import Dispatch
import Glibc

/// The one way back to the main thread, and the bridge that makes it work.
///
/// Under `g_application_run` the GLib loop owns the main thread, so Swift's main queue — the
/// executor behind `@MainActor` (tasks, `await MainActor.run`) — only runs if the GLib loop
/// drains it: GTK's loop is not the main actor's executor unless bridged. libdispatch signals
/// pending main-queue work on an eventfd; `install` watches it from GLib. Everything in the
/// UI is `@MainActor`; work done elsewhere comes back through `post`/`after` (callbacks) or by
/// awaiting a `@MainActor` function (async code). Nothing else (no `g_idle_add`,
/// `g_main_context_invoke`, `DispatchQueue.main`) is used to reach the main thread.
enum MainQueueBridge {
    @MainActor private static var installed = false

    /// Before the GLib loop runs (PickerApplication does it once).
    @MainActor static func install() {
        guard !installed else { return }
        installed = true
        let fd = _dispatch_get_main_queue_handle_4CF()
        g_unix_fd_add(fd, G_IO_IN, { fd, _, _ in
            var value: UInt64 = 0
            _ = read(fd, &value, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return 1  // G_SOURCE_CONTINUE
        }, nil)
    }

    /// Runs `work` on the main actor, from any thread, after what is already queued there (in
    /// the order posted). On the main thread, it runs after the current GLib dispatch: how a
    /// handler defers what GTK forbids during size allocation or a signal emission.
    static func post(_ work: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(work) }
    }

    /// Runs `work` on the main actor once `seconds` have passed.
    static func after(_ seconds: Double, _ work: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { MainActor.assumeIsolated(work) }
    }
}
