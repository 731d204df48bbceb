import CGtk
import PhotoPickCore

/// The bar above the grid: search by name, the filter, group and sort, and the tile size.
/// The window places `root`; the controls talk to the session and the grid directly.
/// On a narrow window the tile-size slider gives way to a button with the zoom commands.
///
/// Keys: Ctrl+F ("win.search") focuses the search; in it, Down goes back to the grid and
/// Escape clears the search and goes back (a second Escape, from the grid, cancels the picker).
@MainActor
final class ViewToolbar {
    let root: Widget
    private let session: PickerSession
    private unowned let grid: ThumbnailGrid
    private let search: Widget
    private let filter: Widget
    private let filters: [(title: String, filter: AssetFilter)]
    private let actions: ActionMap
    private let groupSort: GroupSortMenu
    private let zoom: ZoomSlider

    init(session: PickerSession, grid: ThumbnailGrid, actions: ActionMap) {
        self.session = session
        self.grid = grid
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        addClass(root, "grid-toolbar")

        search = gtk_search_entry_new()
        setStringProperty(search, "placeholder-text", tr("Search names"))
        // Wide when there is room, narrow enough that the bar does not hold the window wide.
        gtk_editable_set_width_chars(cast(search), 3)  // the whole bar fits a 360 px window
        gtk_editable_set_max_width_chars(cast(search), 24)
        gtk_widget_set_tooltip_text(search, tr("Show only files whose names contain this, or match a pattern like IMG_*.jpg (Ctrl+F)"))
        pp_accessible_set_label(search, tr("Search file names"))
        let entry = search
        onSignal(raw(entry), "search-changed") { [unowned session] in
            session.setSearch(String(cString: gtk_editable_get_text(cast(entry))))
        }

        let spacer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_set_hexpand(spacer, 1)

        // A filter the command line asked for that the list lacks stays choosable.
        var filters = ViewChoices.filters
        if ViewChoices.filterIndex(session.filter) == nil { filters.append((tr("Custom"), session.filter)) }
        self.filters = filters
        // "win.filter": a stateful action whose state is the index of the filter shown; the
        // drop-down (GtkDropDown is not actionable) asks it for a change.
        let shown = filters.firstIndex { $0.filter == session.filter } ?? 0
        actions.addChoice("filter", initial: String(shown)) { [unowned session] value in
            if let i = Int(value), filters.indices.contains(i) { session.setFilter(filters[i].filter) }
        }
        filter = DropDown.make(filters.map(\.title), selected: shown) { [unowned actions] i in
            actions.changeState("filter", String(i))
        }
        self.actions = actions
        gtk_widget_set_tooltip_text(filter, tr("Show"))
        pp_accessible_set_label(filter, tr("Show"))

        groupSort = GroupSortMenu(session: session, actions: actions)
        zoom = ZoomSlider(value: grid.target) { [unowned grid] size in grid.setTarget(size) }
        // The slider when it fits, else the zoom commands in a menu: the bar's least used control.
        let zoomArea = adw_squeezer_new()!
        adw_squeezer_set_homogeneous(cast(zoomArea), 1)  // asks for the slider's width, so it comes back when there is room
        adw_squeezer_set_transition_type(cast(zoomArea), ADW_SQUEEZER_TRANSITION_TYPE_NONE)
        adw_squeezer_set_switch_threshold_policy(cast(zoomArea), ADW_FOLD_THRESHOLD_POLICY_MINIMUM)
        adw_squeezer_set_xalign(cast(zoomArea), 1)
        _ = adw_squeezer_add(cast(zoomArea), zoom.root)
        _ = adw_squeezer_add(cast(zoomArea), Self.zoomMenu())

        for w in [search, spacer, filter, groupSort.root, zoomArea] { gtk_box_append(cast(root), w) }
        let previous = grid.onZoomChange
        grid.onZoomChange = { [unowned self] size in
            previous(size)
            self.zoom.set(size)
        }
    }

    /// Shows the session's filter, grouping, sort and search (after a change made elsewhere).
    func sync() {
        if let i = filters.firstIndex(where: { $0.filter == session.filter }), Int(gtk_drop_down_get_selected(cast(filter))) != i {
            actions.setState("filter", String(i))
            gtk_drop_down_set_selected(cast(filter), guint(i))
        }
        groupSort.sync(session)
        let text = String(cString: gtk_editable_get_text(cast(search)))
        if NameSearch(text) != NameSearch(session.searchText) { gtk_editable_set_text(cast(search), session.searchText) }
    }

    func focusSearch() { gtk_widget_grab_focus(search) }

    /// A menu button with the zoom commands (as narrow as a button).
    private static func zoomMenu() -> Widget {
        let menu = g_menu_new()!
        g_menu_append(menu, tr("Larger Thumbnails"), "win.zoom-in")
        g_menu_append(menu, tr("Smaller Thumbnails"), "win.zoom-out")
        g_menu_append(menu, tr("Default Size"), "win.zoom-reset")
        let button = gtk_menu_button_new()!
        gtk_widget_set_halign(button, GTK_ALIGN_END)
        gtk_menu_button_set_icon_name(cast(button), "zoom-in-symbolic")
        gtk_menu_button_set_menu_model(cast(button), UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self))
        g_object_unref(UnsafeMutableRawPointer(menu))
        gtk_widget_set_tooltip_text(button, tr("Thumbnail size"))
        pp_accessible_set_label(button, tr("Thumbnail size"))
        return button
    }

    /// Down and Escape in the search field.
    func handleKey(_ key: KeyPress) -> Bool {
        guard gtk_widget_get_mapped(root) != 0 else { return false }  // the preview covers it
        let k = Int32(key.keyval)
        guard searchHasFocus else { return false }
        switch k {
        case GDK_KEY_Down, GDK_KEY_KP_Down:
            grid.grabFocus()
            return true
        case GDK_KEY_Escape:
            gtk_editable_set_text(cast(search), "")
            session.setSearch("")  // now, not after the entry's delay
            grid.grabFocus()
            return true
        default:
            return false
        }
    }

    private var searchHasFocus: Bool {
        guard let window = gtk_widget_get_root(root), let focused = gtk_root_get_focus(window) else { return false }
        return focused == search || gtk_widget_is_ancestor(focused, search) != 0
    }
}

/// Sets a string property of `object` (g_object_set is variadic, so not callable from Swift).
func setStringProperty(_ object: Widget, _ name: String, _ value: String) {
    var v = GValue()
    g_value_init(&v, pp_type_string())
    g_value_set_string(&v, value)
    g_object_set_property(raw(object).assumingMemoryBound(to: GObject.self), name, &v)
    g_value_unset(&v)
}
