import CGtk

/// A GtkDropDown over fixed strings (GTK 4.0 API), reporting the selected index.
@MainActor
enum DropDown {
    static func make(_ items: [String], selected: Int, onSelect: @escaping @MainActor (Int) -> Void) -> Gtk.DropDown {
        let dropDown = Gtk.DropDown(strings: items)
        dropDown.setSelected(selected)
        onPointerSignal(dropDown.widget, "notify::selected") { _ in
            let index = dropDown.selected
            if index != Int(GTK_INVALID_LIST_POSITION) { onSelect(index) }
        }
        QuietTooltips.whileMenuOpen(of: dropDown.widget)
        return dropDown
    }
}
