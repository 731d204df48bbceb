import CGtk

/// One connected signal handler, as a value its owner keeps: disconnecting it (explicitly or
/// by letting the token go) is safe whether or not the instance still exists, because the
/// token holds the instance only weakly.
@MainActor
final class SignalConnection {
    private let instance: WeakObject
    private var handler: gulong

    init(instance: UnsafeMutableRawPointer, handler: UInt) {
        self.instance = WeakObject(instance)
        self.handler = gulong(handler)
    }

    var isConnected: Bool { handler != 0 && instance.isAlive }

    func disconnect() {
        guard handler != 0 else { return }
        let id = handler
        handler = 0
        instance.with { object in
            if g_signal_handler_is_connected(object, id) != 0 { g_signal_handler_disconnect(object, id) }
        }
    }

    isolated deinit { disconnect() }
}
