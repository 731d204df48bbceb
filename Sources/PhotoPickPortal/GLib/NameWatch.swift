import CGio
import PhotoPickGLib

/// Watches a peer's unique name and says once when it leaves the bus. A unique name is never
/// given out twice, so one that is not on the bus when the watch starts has left already (an
/// app that quit while its call waited in the queue): that is reported too.
@MainActor
public final class NameWatch {
    private final class State {
        var seen = false
        var vanished: (@MainActor () -> Void)?
        init(_ vanished: @escaping @MainActor () -> Void) { self.vanished = vanished }
    }

    private var id: guint = 0
    private let state: State

    public init(_ connection: BusConnection, name: String, vanished: @escaping @MainActor () -> Void) {
        state = State(vanished)
        let box = CallbackBox<State>(state)
        id = g_bus_watch_name_on_connection(connection.raw, name, G_BUS_NAME_WATCHER_FLAGS_NONE, { _, _, _, data in
            CallbackBox<State>.from(data).call.seen = true
        }, { _, _, data in
            let state = CallbackBox<State>.from(data).call
            guard let vanished = state.vanished else { return }
            state.vanished = nil
            MainActor.assumeIsolated { vanished() }
        }, box.retainedPointer(), releaseBox)
    }

    public func cancel() {
        state.vanished = nil
        if id != 0 { g_bus_unwatch_name(id) }
        id = 0
    }
}
