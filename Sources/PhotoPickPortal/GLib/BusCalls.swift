import CGio
import PhotoPickGLib

/// Method calls to other peers on the bus, answered on the main loop.
@MainActor
public enum BusCalls {
    public typealias Completion = @MainActor (Result<Variant, BusError>) -> Void

    /// Calls `method` with `parameters` (a floating tuple); `timeout` in ms (`Int32.max`:
    /// none, as a dialog may stay open for hours).
    public static func call(_ connection: BusConnection, destination: String, path: String, interface: String,
                            method: String, parameters: OpaquePointer?, timeout: Int32 = Int32.max,
                            completion: @escaping Completion) {
        let box = CallbackBox<(BusConnection, Completion)>((connection, completion))
        g_dbus_connection_call(connection.raw, destination, path, interface, method, parameters, nil,
                               G_DBUS_CALL_FLAGS_NONE, timeout, nil, { _, result, data in
            let box = CallbackBox<(BusConnection, Completion)>.take(data)
            let (connection, completion) = box.call
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(connection.raw, result, &error)
            MainActor.assumeIsolated {
                if let reply {
                    completion(.success(Variant(owning: reply)))
                } else {
                    let name = error.flatMap { g_dbus_error_get_remote_error($0) }
                    let remote = name.map { String(cString: $0) }
                    g_free(name)
                    if let error { _ = g_dbus_error_strip_remote_error(error) }
                    completion(.failure(BusError(name: remote, message: consume(error))))
                }
            }
        }, box.retainedPointer())
    }
}
