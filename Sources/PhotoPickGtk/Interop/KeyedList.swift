import CGtk

/// The one list adapter behind the grid's rows, the sidebar's albums and the tray's picks: a `KeyListModel`
/// (one short key per row, diffed on update), a list-item factory, and the Swift row object
/// made for each list item, bound to a position and let go again as GTK recycles items.
///
/// The views say how to make, bind and unbind a row; everything about list items, the
/// factory's signals and the model's references stays here.
@MainActor
final class KeyedList<Row: AnyObject> {
    private let model = KeyListModel()
    /// The GtkListItemFactory to give the list view.
    let factory: OpaquePointer
    private var rowsByItem: [UnsafeMutableRawPointer: Row] = [:]
    /// The factory's handlers, disconnected if this adapter goes before the factory.
    private var connections: [SignalConnection] = []

    /// Makes a row and its widget (set as the list item's child).
    var make: () -> (row: Row, widget: Widget) = { fatalError("KeyedList.make not set") }
    /// Shows the row at a position.
    var bind: (Row, Int) -> Void = { _, _ in }
    /// The row stops showing what it was bound to (unbound, or torn down).
    var unbind: (Row) -> Void = { _ in }
    /// Whether list items activate and can be selected (the grid does both itself).
    var itemsSelectable = true

    init() {
        factory = gtk_signal_list_item_factory_new()!
        listen("setup") { [unowned self] item in
            guard let item else { return }
            let made = make()
            rowsByItem[item] = made.row
            let listItem = OpaquePointer(item)
            if !itemsSelectable {
                gtk_list_item_set_activatable(listItem, 0)
                gtk_list_item_set_selectable(listItem, 0)
            }
            gtk_list_item_set_child(listItem, made.widget)
        }
        listen("bind") { [unowned self] item in
            guard let item, let row = rowsByItem[item] else { return }
            unbind(row)
            bind(row, Int(gtk_list_item_get_position(OpaquePointer(item))))
        }
        listen("unbind") { [unowned self] item in
            guard let item, let row = rowsByItem[item] else { return }
            unbind(row)
        }
        listen("teardown") { [unowned self] item in
            guard let item, let row = rowsByItem.removeValue(forKey: item) else { return }
            unbind(row)
        }
    }

    private func listen(_ signal: String, _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) {
        connections.append(SignalConnection(instance: raw(factory), handler: onPointerSignal(raw(factory), signal, handler)))
    }

    /// The rows GTK has made (bound or waiting to be).
    var rows: Dictionary<UnsafeMutableRawPointer, Row>.Values { rowsByItem.values }

    /// The keys in order, one per row: GTK hears only the range that changed.
    func update(_ keys: [String]) { model.update(keys) }

    var count: Int { model.count }

    /// The model for a selection model to wrap (which takes this new reference).
    func modelForSelection() -> OpaquePointer {
        g_object_ref(raw(model.object))
        return model.object
    }

    /// A new GtkListView of these rows without selection, laid out along `orientation`.
    func listView(_ orientation: GtkOrientation) -> Widget {
        let list = gtk_list_view_new(gtk_no_selection_new(modelForSelection()), factory)!
        gtk_orientable_set_orientation(cast(list), orientation)
        return list
    }
}
