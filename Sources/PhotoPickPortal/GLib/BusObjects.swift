import CGio
import PhotoPickGLib

/// Exports objects on a connection: each method call of one registration goes to one
/// Swift handler, on the main loop.
@MainActor
public enum BusObjects {
    public typealias Handler = @MainActor (MethodInvocation) -> Void

    /// Registers `interface` at `path`; the registration id, or the reason it failed.
    public static func register(_ connection: BusConnection, path: String, interface: UnsafeMutablePointer<GDBusInterfaceInfo>,
                                handler: @escaping Handler) -> Result<guint, BusError> {
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, sender, path, _, method, parameters, invocation, data in
            let box = CallbackBox<Handler>.from(data)
            guard let invocation, let parameters else { return }
            MainActor.assumeIsolated {
                let call = MethodInvocation(raw: invocation, sender: sender.map { String(cString: $0) } ?? "",
                                            objectPath: path.map { String(cString: $0) } ?? "",
                                            method: method.map { String(cString: $0) } ?? "",
                                            parameters: Variant(borrowing: parameters))
                box.call(call)
            }
        }
        // GDBus copies the vtable; the box lives until the object is unregistered.
        var error: UnsafeMutablePointer<GError>?
        let id = g_dbus_connection_register_object(connection.raw, path, interface, &vtable,
                                                   CallbackBox<Handler>(handler).retainedPointer(), releaseBox, &error)
        return id == 0 ? .failure(BusError(name: nil, message: consume(error))) : .success(id)
    }

    public static func unregister(_ connection: BusConnection, _ id: guint) {
        g_dbus_connection_unregister_object(connection.raw, id)
    }
}

/// A D-Bus error: its name when the peer sent one, and the message.
public struct BusError: Error, CustomStringConvertible, Sendable {
    public let name: String?
    public let message: String
    public var description: String { name.map { "\($0): \(message)" } ?? message }
}
