import CGio

/// A method call waiting for its answer. GDBus hands the invocation over to whoever
/// answers it: exactly once, which this wrapper makes sure of.
@MainActor
public final class MethodInvocation {
    private var raw: OpaquePointer?
    public let sender: String
    public let objectPath: String
    public let method: String
    public let parameters: Variant

    init(raw: OpaquePointer, sender: String, objectPath: String, method: String, parameters: Variant) {
        self.raw = raw
        self.sender = sender
        self.objectPath = objectPath
        self.method = method
        self.parameters = parameters
    }

    public var isAnswered: Bool { raw == nil }

    /// `value`: the out arguments as a tuple (floating or not), or nil for none.
    public func reply(_ value: OpaquePointer?) {
        guard let raw else { return }
        self.raw = nil
        g_dbus_method_invocation_return_value(raw, value)
    }

    public func fail(_ errorName: String, _ message: String) {
        guard let raw else { return }
        self.raw = nil
        g_dbus_method_invocation_return_dbus_error(raw, errorName, message)
    }
}
