import CGtk

extension Gtk {
    /// Adds a folder the default display's icon theme looks in (a theme root, holding hicolor/).
    @MainActor
    static func addIconSearchPath(_ path: String) {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return }
        gtk_icon_theme_add_search_path(theme, path)
    }

    /// Whether the default display's icon theme has an icon by that name.
    @MainActor
    static func hasIcon(_ name: String) -> Bool {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return false }
        return gtk_icon_theme_has_icon(theme, name) != 0
    }
}
