import CGio

/// A call photopick does not take, handed on unchanged to another FileChooser backend:
/// the same method, app id, parent window, title and options, under a request handle of our
/// own (as the frontend makes them: `…/request/OUR_NAME/TOKEN`). Its answer is relayed as
/// it came; a `Close` is relayed to its Request object.
@MainActor
final class DelegateJob {
    static let portalPath = "/org/freedesktop/portal/desktop"

    private let request: PortalRequest
    private let method: String
    private let parameters: Variant
    private let connection: BusConnection
    private let delegate: String
    private let handle: String

    init(_ request: PortalRequest, method: String, parameters: Variant, connection: BusConnection, delegate: String, number: Int) {
        self.request = request
        self.method = method
        self.parameters = parameters
        self.connection = connection
        self.delegate = delegate
        handle = "\(Self.portalPath)/request/\(BusConnection.pathElement(ofUniqueName: connection.uniqueName))/photopick\(number)"
    }

    func start() {
        guard delegate != DelegateChoice.ownBusName else {
            Log.line("\(request.label): the delegate would be photopick itself; answered 2")
            request.answer(.ended)
            return
        }
        Log.line("\(request.label): handed to \(delegate)")
        // The caller's app id, window, title and options: each wrapper holds the child alive
        // until the tuple has taken its own reference.
        let original = parameters.children
        let relayed = withExtendedLifetime(original) {
            VariantBuild.tuple([VariantBuild.objectPath(handle)] + original.dropFirst().map(\.raw))
        }
        request.endInteraction = { [weak self] in self?.relayClose() }
        BusCalls.call(connection, destination: delegate, path: Self.portalPath, interface: Introspection.fileChooserName,
                      method: method, parameters: relayed) { [weak self] result in
            self?.relay(result)
        }
    }

    private func relay(_ result: Result<Variant, BusError>) {
        switch result {
        case .success(let reply) where reply.typeString == "(ua{sv})":
            Log.line("\(request.label): \(delegate) answered \(reply.child(0).uint32)")
            withExtendedLifetime(reply) { request.answer(reply.raw) }
        case .success(let reply):
            Log.line("\(request.label): \(delegate) answered \(reply.typeString), not (ua{sv}); answered 2")
            request.answer(.ended)
        case .failure(let error):
            Log.line("\(request.label): the delegate \(delegate) cannot answer (\(error)); answered 2")
            request.answer(.ended)
        }
    }

    /// The delegate closes its dialog and answers its call; ours is answered 2 once its
    /// Close returns, whatever it says, so a closed request never hangs.
    private func relayClose() {
        BusCalls.call(connection, destination: delegate, path: handle, interface: Introspection.requestName,
                      method: "Close", parameters: nil, timeout: -1) { [weak self] result in
            guard let self else { return }
            if case .failure(let error) = result { Log.line("\(self.request.label): Close at \(self.delegate): \(error)") }
            self.request.answer(.ended)
        }
    }
}
