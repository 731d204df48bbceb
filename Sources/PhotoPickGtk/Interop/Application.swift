import CGtk
import PhotoPickGLib

extension Gtk {
    /// Starts GTK on the display the environment names; false when there is none.
    @MainActor
    static func start() -> Bool { gtk_init_check() != 0 }

    /// The process's AdwApplication (a GtkApplication that also starts libadwaita: its
    /// stylesheet and style manager). Owns its reference; `run` blocks until `quit`.
    @MainActor
    final class Application {
        private let app: ObjectRef
        private var activated: SignalConnection?

        /// NON_UNIQUE: every caller gets its own instance, and no session bus is needed.
        init(id: String) { app = ObjectRef(adopting: OpaquePointer(adw_application_new(id, G_APPLICATION_NON_UNIQUE)!)) }

        var gtk: UnsafeMutablePointer<GtkApplication> { raw(app.pointer).assumingMemoryBound(to: GtkApplication.self) }
        var actionMap: OpaquePointer { app.pointer }

        func onActivate(_ handler: @escaping Action) {
            activated = SignalConnection(instance: raw(app.pointer), handler: onSignal(app.pointer, "activate", handler))
        }

        func run() { _ = g_application_run(raw(app.pointer).assumingMemoryBound(to: GApplication.self), 0, nil) }
        func quit() { g_application_quit(raw(app.pointer).assumingMemoryBound(to: GApplication.self)) }
    }
}

/// Runs `handler` on the main loop whenever the process gets one of `signals` (SIGINT,
/// SIGTERM…), through g_unix_signal_add: the handler is an ordinary main-loop callback, not a
/// signal handler. Each source runs once (G_SOURCE_REMOVE) and then releases the handler.
@MainActor
func onUnixSignals(_ signals: [Int32], _ handler: @escaping Action) {
    for signal in signals {
        g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
            let call: Action = unbox(data)
            MainActor.assumeIsolated { call() }
            return 0  // G_SOURCE_REMOVE
        }, CallbackBox(handler).retainedPointer(), releaseBox)
    }
}

/// Runs `handler` on the main loop each time the process gets `signal` (SIGUSR1…), for as long
/// as the process lives: `onUnixSignals`, but the source stays.
@MainActor
func onEveryUnixSignal(_ signal: Int32, _ handler: @escaping Action) {
    g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { data in
        let call: Action = unbox(data)
        MainActor.assumeIsolated { call() }
        return 1  // G_SOURCE_CONTINUE
    }, CallbackBox(handler).retainedPointer(), releaseBox)
}
