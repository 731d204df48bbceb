import CGtk
import Foundation

/// Light or dark like the desktop. GTK 4.8 does not read GNOME's color-scheme setting itself
/// (libadwaita does), so it is read here, when the schema is installed, and followed live
/// through GtkSettings' gtk-application-prefer-dark-theme. GTK_THEME, when set, names the
/// theme and its variant ("Adwaita:dark") and wins.
@MainActor
enum Appearance {
    private static let schemaID = "org.gnome.desktop.interface"
    /// The GSettings object, kept so its change signal keeps coming.
    private static var settings: UnsafeMutablePointer<GSettings>?

    static func followDesktop() {
        if let theme = ProcessInfo.processInfo.environment["GTK_THEME"], !theme.isEmpty { return }
        // g_settings_new aborts on a schema that is not installed: look it up first.
        guard settings == nil, let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return }
        let hasKey = g_settings_schema_has_key(schema, "color-scheme") != 0  // GNOME 42 and later
        g_settings_schema_unref(schema)
        guard hasKey, let s = g_settings_new(schemaID) else { return }
        settings = s
        apply(s)
        onPointerSignal(raw(s), "changed::color-scheme") { _ in apply(s) }
    }

    private static func apply(_ s: UnsafeMutablePointer<GSettings>) {
        guard let value = g_settings_get_string(s, "color-scheme") else { return }
        let dark = String(cString: value) == "prefer-dark"
        g_free(value)
        guard let gtkSettings = gtk_settings_get_default() else { return }
        var v = GValue()
        g_value_init(&v, g_type_from_name("gboolean"))
        g_value_set_boolean(&v, dark ? 1 : 0)
        g_object_set_property(raw(gtkSettings).assumingMemoryBound(to: GObject.self), "gtk-application-prefer-dark-theme", &v)
        g_value_unset(&v)
    }
}
