import CGtk

extension Gtk.Application {
    /// Binds `accelerators` ("<Primary>z", GTK's syntax) to the action `name` ("win.undo"),
    /// replacing what it had; an empty list unbinds it. GTK copies the strings.
    func setAccels(_ accelerators: [String], for name: String) {
        withStringVector(accelerators) { gtk_application_set_accels_for_action(gtk, name, $0) }
    }

    /// The accelerators bound to the action `name`, as GTK holds them.
    func accels(for name: String) -> [String] {
        takeStringVector(gtk_application_get_accels_for_action(gtk, name))
    }
}

extension Gtk {
    /// GTK's own spelling of an accelerator ("<Primary>plus" and "<Control>plus" are one key);
    /// nil when GTK cannot parse it.
    static func acceleratorName(_ accelerator: String) -> String? {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, let name = gtk_accelerator_name(key, modifiers) else {
            return nil
        }
        defer { g_free(name) }
        return String(cString: name)
    }
}
