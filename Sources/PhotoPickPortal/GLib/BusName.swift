import CGio
import PhotoPickGLib

/// Owns a well-known name on the session bus. `acquired` gets the connection before the
/// name is ours, so objects are exported before the first call can arrive.
@MainActor
public enum BusName {
    public struct Handlers {
        public var connected: @MainActor (BusConnection) -> Void
        public var lost: @MainActor (_ everOwned: Bool) -> Void
        public init(connected: @escaping @MainActor (BusConnection) -> Void, lost: @escaping @MainActor (Bool) -> Void) {
            self.connected = connected
            self.lost = lost
        }
    }

    private final class State {
        let handlers: Handlers
        var owned = false
        init(_ handlers: Handlers) { self.handlers = handlers }
    }

    /// `replace`: take the name from a running instance (which allows it).
    public static func own(_ name: String, replace: Bool, _ handlers: Handlers) {
        var flags = G_BUS_NAME_OWNER_FLAGS_ALLOW_REPLACEMENT.rawValue
        if replace { flags |= G_BUS_NAME_OWNER_FLAGS_REPLACE.rawValue }
        let box = CallbackBox<State>(State(handlers))
        _ = g_bus_own_name(G_BUS_TYPE_SESSION, name, GBusNameOwnerFlags(flags), { connection, _, data in
            let state = CallbackBox<State>.from(data).call
            guard let connection else { return }
            MainActor.assumeIsolated { state.handlers.connected(BusConnection(raw: connection)) }
        }, { _, _, data in
            CallbackBox<State>.from(data).call.owned = true
        }, { _, _, data in
            let state = CallbackBox<State>.from(data).call
            MainActor.assumeIsolated { state.handlers.lost(state.owned) }
        }, box.retainedPointer(), releaseBox)
    }
}
