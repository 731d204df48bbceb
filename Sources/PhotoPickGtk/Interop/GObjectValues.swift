import CGtk

/// Reading and writing GObject properties by name (g_object_get/set are variadic, so not
/// callable from Swift), and asking an instance's type.
@MainActor
enum GObjectValues {
    static func setString(_ widget: Widget, _ property: String, _ value: String) {
        var v = GValue()
        g_value_init(&v, pp_type_string())
        g_value_set_string(&v, value)
        g_object_set_property(raw(widget).assumingMemoryBound(to: GObject.self), property, &v)
        g_value_unset(&v)
    }

    static func string(_ widget: Widget, _ property: String) -> String? { string(object: raw(widget), property) }

    /// A string property of any GObject (GtkSettings' gtk-decoration-layout, say).
    static func string(object: UnsafeMutableRawPointer, _ property: String) -> String? {
        var v = GValue()
        g_value_init(&v, pp_type_string())
        defer { g_value_unset(&v) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), property, &v)
        return g_value_get_string(&v).map { String(cString: $0) }
    }

    /// A C string attached to `widget` under `key` (g_object_set_data), if any.
    static func attachedString(_ widget: Widget, _ key: String) -> String? {
        g_object_get_data(raw(widget).assumingMemoryBound(to: GObject.self), key).map {
            String(cString: $0.assumingMemoryBound(to: CChar.self))
        }
    }

    /// Whether `widget` is a `type` (or a subclass, or implements it).
    static func isA(_ widget: Widget, _ type: GType) -> Bool {
        g_type_check_instance_is_a(raw(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// The name of `widget`'s class ("GtkLabel").
    static func typeName(_ widget: Widget) -> String {
        String(cString: g_type_name_from_instance(raw(widget).assumingMemoryBound(to: GTypeInstance.self)))
    }
}

/// A GtkBuilder over an XML string, for widgets GTK builds only from XML (a shortcuts window).
@MainActor
final class Builder {
    private let builder: ObjectRef

    init(xml: String) { builder = ObjectRef(adopting: gtk_builder_new_from_string(xml, -1)) }

    /// The widget with `id` (the builder's reference; a toplevel window keeps itself).
    func widget(_ id: String) -> Widget? {
        gtk_builder_get_object(builder.pointer, id).map { raw($0).assumingMemoryBound(to: GtkWidget.self) }
    }

    /// The window with `id`, made as one (a GtkShortcutsWindow).
    func window(_ id: String) -> Gtk.Window? { widget(id).map { Gtk.Window($0) } }
}
