import CGtk

extension Gtk {
    /// How wide `text` is, in pixels, set in `widget`'s font.
    @MainActor
    static func textWidth(_ text: String, in widget: Widget) -> Int32 {
        guard let layout = gtk_widget_create_pango_layout(widget, text) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return width
    }
}
