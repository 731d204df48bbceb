import CGtk

// What the grid's views (Grid/) ask of GTK beyond the shared handles: margins on every side,
// opacity, whether a widget takes the focus by itself, its natural height, a list view's
// scrolling to a row, and a tile's overlay that assistive technologies read as a check box.

extension WidgetHandle {
    func setMarginEnd(_ margin: Int32) { gtk_widget_set_margin_end(widget, margin) }
    func setMarginTop(_ margin: Int32) { gtk_widget_set_margin_top(widget, margin) }
    func setMarginBottom(_ margin: Int32) { gtk_widget_set_margin_bottom(widget, margin) }
    /// 0 is invisible but still laid out (and, unless `setCanTarget(false)`, clickable).
    func setOpacity(_ opacity: Double) { gtk_widget_set_opacity(widget, opacity) }
    /// Whether it or its descendants may take the keyboard focus (GtkWidget:can-focus; false
    /// keeps the focus off its whole subtree, where `setFocusable` is about itself alone).
    var canFocus: Bool { gtk_widget_get_can_focus(widget) != 0 }
    func setCanFocus(_ on: Bool) { gtk_widget_set_can_focus(widget, on ? 1 : 0) }
    /// The height it would like, for any width.
    var naturalHeight: Int32 {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
        return natural
    }
}

extension Gtk {
    /// A GtkListView (made by its `KeyedList`).
    @MainActor
    struct ListView: WidgetHandle {
        let widget: Widget
        init(_ widget: Widget) { self.widget = widget }

        /// Scrolls as little as needed to show row `row`. GTK 4.8 has no
        /// gtk_list_view_scroll_to; the list's own list.scroll-to-item action does this.
        func scrollToItem(_ row: Int) {
            gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(guint32(row)))
        }
    }
}

extension Gtk.Overlay {
    /// An overlay that assistive technologies read as a `role` (a grid tile is a check box).
    init(role: GtkAccessibleRole) { self.init(pp_widget_new_with_role(gtk_overlay_get_type(), role)) }
}
