import CGtk

extension Gtk {
    /// A GtkSingleSelection: one row selected at a time. The list view it is given to owns it.
    @MainActor
    struct SingleSelection {
        let object: OpaquePointer

        /// Over `model`, taking over that reference (`KeyedList.modelForSelection()`); a new
        /// reference the caller passes on to a list view. Browse selection: never none, and no
        /// row is selected until one is set.
        fileprivate init(browsing model: OpaquePointer) {
            object = gtk_single_selection_new(model)
            gtk_single_selection_set_autoselect(object, 0)
            gtk_single_selection_set_can_unselect(object, 0)
        }

        /// The selected row's position (GTK_INVALID_LIST_POSITION, a huge number, for none).
        var selected: Int { Int(gtk_single_selection_get_selected(object)) }
        func setSelected(_ position: Int) { gtk_single_selection_set_selected(object, guint(max(0, position))) }

        /// `handler` runs whenever the selected row changes; the handler id, to track on `object`.
        func onSelectedChanged(_ handler: @escaping Action) -> UInt {
            onPointerSignal(object, "notify::selected") { _ in handler() }
        }
    }
}

extension KeyedList {
    /// A new GtkListView of these rows with browse selection (the arrow keys select as they
    /// move), and that selection, which the list view owns.
    func browseListView() -> (list: Widget, selection: Gtk.SingleSelection) {
        let selection = Gtk.SingleSelection(browsing: modelForSelection())
        return (gtk_list_view_new(selection.object, factory), selection)
    }
}
