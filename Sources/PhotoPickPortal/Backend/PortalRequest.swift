import CGio

/// One FileChooser call in progress: its method invocation, the Request object at its
/// handle (with `Close`), and watches on the peers that asked. Whoever ends the interaction
/// (the window, the delegate, `Close`, a caller leaving the bus) ends in `answer`, once.
@MainActor
final class PortalRequest {
    let handle: String
    let label: String
    private let invocation: MethodInvocation
    private let connection: BusConnection
    private var registration: guint = 0
    private var watches: [NameWatch] = []
    private var closeCalls: [MethodInvocation] = []
    private(set) var closing = false

    /// How the job behind this request ends its interaction (terminate the window, relay Close).
    var endInteraction: (@MainActor () -> Void)?
    /// Called once the call is answered.
    var finished: (@MainActor () -> Void)?

    init(_ invocation: MethodInvocation, handle: String, connection: BusConnection, label: String) {
        self.invocation = invocation
        self.handle = handle
        self.connection = connection
        self.label = label
    }

    /// Exports the Request object at the handle and watches the caller (the frontend) and,
    /// when the handle says who it is, the application behind it.
    func export() throws(BusError) {
        registration = try BusObjects.register(connection, path: handle, interface: Introspection.request) { [weak self] call in
            self?.closeCalled(call)
        }.get()
        var names = [invocation.sender]
        if let app = BusConnection.callerName(inHandle: handle), app != invocation.sender { names.append(app) }
        watches = names.filter { $0.hasPrefix(":") }.map { name in
            NameWatch(connection, name: name) { [weak self] in self?.close(because: "\(name) left the bus") }
        }
    }

    private func closeCalled(_ call: MethodInvocation) {
        guard call.method == "Close" else {
            call.fail("org.freedesktop.DBus.Error.UnknownMethod", "no method \(call.method)")
            return
        }
        closeCalls.append(call)
        close(because: "Close was called")
    }

    /// Ends the interaction; the answer follows when the window or delegate is gone.
    func close(because reason: String) {
        guard !closing, !invocation.isAnswered else { return }
        closing = true
        Log.line("\(label): closing, \(reason)")
        endInteraction?()
    }

    /// Answers the call with `reply` (`(ua{sv})`), then any `Close` calls, and withdraws the Request object.
    func answer(_ reply: OpaquePointer) {
        guard !invocation.isAnswered else { return }
        invocation.reply(reply)
        for call in closeCalls { call.reply(nil) }
        closeCalls = []
        watches.forEach { $0.cancel() }
        watches = []
        if registration != 0 { BusObjects.unregister(connection, registration) }
        registration = 0
        endInteraction = nil
        finished?()
        finished = nil
    }

    func answer(_ results: FileChooserResults) {
        answer(ResultsEncoder.reply(results))
    }
}
