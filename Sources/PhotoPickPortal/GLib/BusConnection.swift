import CGio

/// The session bus connection photopick-portal serves on, and its unique name.
// Safe: `raw` is immutable, and a GDBusConnection may be used from any thread (GIO's
// documentation says so; its calls lock inside).
public struct BusConnection: @unchecked Sendable {
    public let raw: OpaquePointer

    public var uniqueName: String { g_dbus_connection_get_unique_name(raw).map { String(cString: $0) } ?? "" }

    /// The element the frontend makes of a unique name in request handles: `:1.42` → `1_42`.
    public static func pathElement(ofUniqueName name: String) -> String {
        String(name.drop { $0 == ":" }.map { $0 == "." ? "_" : $0 })
    }

    /// The unique name a frontend handle `/org/freedesktop/portal/desktop/request/1_42/TOKEN`
    /// was made for (`:1.42`), when it has that shape.
    public static func callerName(inHandle handle: String) -> String? {
        let prefix = "/org/freedesktop/portal/desktop/request/"
        guard handle.hasPrefix(prefix) else { return nil }
        let parts = handle.dropFirst(prefix.count).split(separator: "/")
        guard parts.count == 2 else { return nil }
        let numbers = parts[0].split(separator: "_", omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        return ":" + numbers.joined(separator: ".")
    }
}
