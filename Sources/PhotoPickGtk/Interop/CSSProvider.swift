import CGtk

extension Gtk {
    /// Loads the stylesheet at `path` and applies it, at application priority, to every
    /// widget on the default display (the display keeps the provider).
    @MainActor
    static func installStylesheet(path: String) {
        guard let display = gdk_display_get_default(), let provider = gtk_css_provider_new() else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(provider)) }
        gtk_css_provider_load_from_path(provider, path)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
