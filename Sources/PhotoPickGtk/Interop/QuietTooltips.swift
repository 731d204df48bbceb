import CGtk

/// A tooltip never covers the menu just opened from its widget. GTK 4.8 leaves a button's
/// tooltip on screen while its popover opens beside it (over the menu's first items), so
/// while a popover is open its owner has no tooltip, and the one showing is taken down.
@MainActor
enum QuietTooltips {
    /// While `popover` is mapped, `owner` shows no tooltip.
    static func whileOpen(_ popover: Widget, owner: Widget) {
        onSignal(popover, "map") {
            gtk_widget_set_has_tooltip(owner, 0)
            gtk_widget_trigger_tooltip_query(owner)  // the tooltip showing now goes too
        }
        onSignal(popover, "unmap") { gtk_widget_set_has_tooltip(owner, 1) }
    }

    /// For a widget whose popover is its own child (a GtkMenuButton, a GtkDropDown).
    static func whileMenuOpen(of owner: Widget) {
        var child = gtk_widget_get_first_child(owner)
        while let c = child {
            if GObjectValues.isA(c, gtk_popover_get_type()) { return whileOpen(c, owner: owner) }
            child = gtk_widget_get_next_sibling(c)
        }
    }
}
