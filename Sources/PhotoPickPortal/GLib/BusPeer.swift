import CGio

/// One question to a session bus, asked and answered at once (for `photopick portal status`):
/// which process owns a name. Connects only to the address given, never starting a bus or
/// the name's service.
public enum BusPeer {
    /// The pid of the process that owns `name` on the bus at `address`; nil when nobody owns
    /// it; throws when the bus cannot be reached or answers otherwise.
    public static func ownerPID(of name: String, address: String, timeoutMilliseconds: Int32 = 5000) throws(BusError) -> UInt32? {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw BusError(name: nil, message: consume(error))
        }
        defer {
            g_dbus_connection_close_sync(connection, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
        let reply = g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                "GetConnectionUnixProcessID", VariantBuild.tuple([VariantBuild.string(name)]),
                                                nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds, nil, &error)
        guard let reply else {
            let remote = error.flatMap { g_dbus_error_get_remote_error($0) }.map { pointer -> String in
                defer { g_free(pointer) }
                return String(cString: pointer)
            }
            let message = consume(error)
            if remote == "org.freedesktop.DBus.Error.NameHasNoOwner" { return nil }
            throw BusError(name: remote, message: message)
        }
        return Variant(owning: reply).child(0).uint32
    }
}
