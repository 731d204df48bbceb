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
    private var rowsByItem: [Gtk.ListItem: Row] = [:]
    /// Each row's widget, held until teardown: GTK may dispose of a list item's child before
    /// it emits "teardown", and the row's last unbind still touches its widget.
    private var widgetsByItem: [Gtk.ListItem: Widget] = [:]
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
            widgetsByItem[item] = made.widget
            g_object_ref_sink(raw(made.widget))
            if !itemsSelectable { item.setSelectable(false) }
            item.setChild(made.widget)
        }
        listen("bind") { [unowned self] item in
            guard let item, let row = rowsByItem[item] else { return }
            unbind(row)
            bind(row, item.position)
        }
        listen("unbind") { [unowned self] item in
            guard let item, let row = rowsByItem[item] else { return }
            unbind(row)
        }
        listen("teardown") { [unowned self] item in
            guard let item, let row = rowsByItem.removeValue(forKey: item) else { return }
            unbind(row)
            if let widget = widgetsByItem.removeValue(forKey: item) { g_object_unref(raw(widget)) }
        }
    }

    /// `handler` gets the list item the factory's `signal` is about.
    private func listen(_ signal: String, _ handler: @escaping @MainActor (Gtk.ListItem?) -> Void) {
        connections.append(SignalConnection(instance: raw(factory), handler: onPointerSignal(raw(factory), signal) { item in
            handler(item.map(Gtk.ListItem.init))
        }))
    }

    typealias Rows = Dictionary<Gtk.ListItem, Row>.Values
    /// The rows GTK has made (bound or waiting to be).
    var rows: Rows { rowsByItem.values }

    /// The keys in order, one per row: GTK hears only the range that changed.
    func update(_ keys: [String]) { model.update(keys) }

    /// Without keys: `count` rows, of which `added` at `start` replace `removed` (the
    /// caller found the change itself).
    func update(count: Int, start: Int, removed: Int, added: Int) {
        model.update(count: count, start: start, removed: removed, added: added)
    }

    var count: Int { model.count }

    /// The model for a selection model to wrap (which takes this new reference).
    func modelForSelection() -> OpaquePointer {
        g_object_ref(raw(model.object))
        return model.object
    }

    /// A new GtkListView of these rows without selection, laid out along `orientation`.
    func listView(_ orientation: GtkOrientation) -> Gtk.ListView {
        let list = gtk_list_view_new(gtk_no_selection_new(modelForSelection()), factory)!
        gtk_orientable_set_orientation(cast(list), orientation)
        return Gtk.ListView(list)
    }
}

extension Gtk {
    /// A GtkListItem: the slot a list view fills with one row's widget and binds to a position.
    /// Hashable by identity, so a row's Swift side can be found again from its item.
    struct ListItem: Hashable {
        private let item: OpaquePointer
        init(_ item: UnsafeMutableRawPointer) { self.item = OpaquePointer(item) }
        @MainActor func setChild(_ child: Widget) { gtk_list_item_set_child(item, child) }
        @MainActor func setChild(_ child: some WidgetHandle) { setChild(child.widget) }
        /// False: the item neither activates nor can be selected (its row handles clicks itself).
        @MainActor func setSelectable(_ on: Bool) {
            gtk_list_item_set_activatable(item, on ? 1 : 0)
            gtk_list_item_set_selectable(item, on ? 1 : 0)
        }
        @MainActor var position: Int { Int(gtk_list_item_get_position(item)) }
    }
}
