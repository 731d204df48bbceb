import CGio

/// The backend interfaces, as xdg-desktop-portal 1.16 declares them. GDBus checks every
/// incoming call's signature against these, so a handler only sees well-formed arguments.
@MainActor
public enum Introspection {
    public static let fileChooserName = "org.freedesktop.impl.portal.FileChooser"
    public static let requestName = "org.freedesktop.impl.portal.Request"

    private static let xml = """
        <node>
          <interface name="org.freedesktop.impl.portal.FileChooser">
            \(method("OpenFile"))
            \(method("SaveFile"))
            \(method("SaveFiles"))
          </interface>
          <interface name="org.freedesktop.impl.portal.Request">
            <method name="Close"/>
          </interface>
        </node>
        """

    private static func method(_ name: String) -> String {
        """
        <method name="\(name)">
          <arg type="o" name="handle" direction="in"/>
          <arg type="s" name="app_id" direction="in"/>
          <arg type="s" name="parent_window" direction="in"/>
          <arg type="s" name="title" direction="in"/>
          <arg type="a{sv}" name="options" direction="in"/>
          <arg type="u" name="response" direction="out"/>
          <arg type="a{sv}" name="results" direction="out"/>
        </method>
        """
    }

    /// Parsed once and kept for the life of the process.
    private static let node: UnsafeMutablePointer<GDBusNodeInfo> = {
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(xml, &error) else {
            fatalError("photopick-portal: built-in introspection data: \(consume(error))")
        }
        return node
    }()

    public static var fileChooser: UnsafeMutablePointer<GDBusInterfaceInfo> { g_dbus_node_info_lookup_interface(node, fileChooserName) }
    public static var request: UnsafeMutablePointer<GDBusInterfaceInfo> { g_dbus_node_info_lookup_interface(node, requestName) }
}
