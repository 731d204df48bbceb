import CGtk
import PhotoPickCore
import PhotoPickSystem

/// The bar above the grid: search by name, the filter, group and sort, and the tile size.
/// The window places `root`; the controls talk to the session and the grid directly.
/// On a narrow window the tile-size slider gives way to a button with the zoom commands.
///
/// Keys: Ctrl+F ("win.search") focuses the search; in it, Down ("win.leave-search", bound on
/// the field) goes back to the grid; Escape ("win.back") clears the search and goes back,
/// from the grid too while a search is in effect.
@MainActor
final class ViewToolbar {
    private let bar = Gtk.Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    var root: Gtk.Box { bar }
    private let session: PickerSession
    private unowned let grid: ThumbnailGrid
    private let search: Gtk.Editable
    private let filter: Gtk.DropDown
    private let filters: [(title: String, filter: AssetFilter)]
    private let actions: ActionMap
    private let groupSort: GroupSortMenu
    private let zoom: ZoomSlider
    private let searching: BackgroundSearch
    private var callersFilters: Gtk.DropDown?
    private let spacer = Gtk.Box(GTK_ORIENTATION_HORIZONTAL)

    init(session: PickerSession, grid: ThumbnailGrid, actions: ActionMap) {
        self.session = session
        self.grid = grid
        addClass(bar, "grid-toolbar")

        search = Gtk.Editable.searchEntry()
        GObjectValues.setString(search.widget, "placeholder-text", tr("Search names"))
        // Wide when there is room, narrow enough that the bar does not hold the window wide.
        search.setWidthChars(3)  // the whole bar fits a 360 px window
        search.setMaxWidthChars(24)
        search.setTooltip(tr("Show only files whose names contain this, or match a pattern like IMG_*.jpg (Ctrl+F)"))
        pp_accessible_set_label(search.widget, tr("Search file names"))
        let entry = search
        let searching = BackgroundSearch(session: session)
        self.searching = searching
        onSignal(entry.widget, "search-changed") { searching.search(entry.text) }
        actions.add(.leaveSearch) { [unowned grid] in grid.grabFocus() }
        KeyBindings.bind(.search, on: search)  // before the entry's text takes Down

        spacer.setHExpand(true)

        // A filter the command line asked for that the list lacks stays choosable.
        var filters = ViewChoices.filters
        if ViewChoices.filterIndex(session.filter) == nil { filters.append((tr("Custom"), session.filter)) }
        self.filters = filters
        // "win.filter": a stateful action whose state is the index of the filter shown; the
        // drop-down (GtkDropDown is not actionable) asks it for a change.
        let shown = filters.firstIndex { $0.filter == session.filter } ?? 0
        actions.addChoice(.filter, initial: String(shown)) { [unowned session] value in
            if let i = Int(value), filters.indices.contains(i) { session.setFilter(filters[i].filter) }
        }
        filter = DropDown.make(filters.map(\.title), selected: shown) { [unowned actions] i in
            actions.changeState(.filter, String(i))
        }
        self.actions = actions
        filter.setTooltip(tr("Show"))
        PlaceTrace.name(filter, "button filter")
        pp_accessible_set_label(filter.widget, tr("Show"))

        groupSort = GroupSortMenu(session: session, actions: actions, filters: filters.map(\.title))
        PlaceTrace.name(groupSort.root, "button group-sort")
        zoom = ZoomSlider(value: grid.target) { [unowned grid] size in grid.setTarget(size) }
        // The slider when it fits, else the zoom commands in a menu: the bar's least used control.
        // It asks for the slider's width, so the slider comes back when there is room.
        let zoomArea = FirstFitBox.make([zoom.root, Self.zoomMenu()], xAlign: 1)

        let parts: [any WidgetHandle] = [search, spacer, filter, groupSort.root, zoomArea]
        for part in parts { bar.append(part) }
        let previous = grid.onZoomChange
        grid.onZoomChange = { [unowned self] size in
            previous(size)
            self.zoom.set(size)
        }
    }

    /// Shows the session's filter, grouping, sort and search (after a change made elsewhere).
    func sync() {
        if let i = filters.firstIndex(where: { $0.filter == session.filter }), filter.selected != i {
            actions.setState(.filter, String(i))
            filter.setSelected(i)
        }
        groupSort.sync(session)
        if NameSearch(search.text) != NameSearch(session.searchText) { search.setText(session.searchText) }
    }

    func focusSearch() { search.grabFocus() }

    /// A request with named filters of its own ("Image Files"): its drop-down takes the
    /// place of Show's, so the window has one filter drop-down; Show stays in the view menu.
    func useCallersFilters(_ dropDown: Gtk.DropDown) {
        callersFilters = dropDown
        bar.insert(dropDown.widget, after: filter.widget)
        filter.setVisible(false)
    }

    /// The search field, for HeaderFitTrace.
    var searchField: (entry: Gtk.Editable, placeholder: String) { (search, tr("Search names")) }

    /// On a narrow window Show's drop-down gives its room to the search field ("Search
    /// names", not "Searc…"); Show stays in the view menu.
    /// The bar asks for the same minimum width either way: the sidebar folds by the content's
    /// minimum, and a bar narrower when narrow would unfold it again, and fold, every frame.
    func setNarrow(_ narrow: Bool) {
        bar.setSizeRequest(width: narrow ? bar.minimumWidth : -1)
        filter.setVisible(!narrow && callersFilters == nil)
        search.setHExpand(narrow)  // all the room there is
        spacer.setVisible(!narrow)
        // The zoom area asks for its widest child's natural width: narrow, the slider is
        // hidden, so only the zoom button is measured.
        zoom.setShown(!narrow)
    }

    /// The status page's way out of a filter that hides everything: "Show: All Items", as
    /// if chosen in the drop-down (its first entry).
    func showAllItems() {
        actions.changeState(.filter, "0")
    }

    /// A menu button with the zoom commands (as narrow as a button).
    private static func zoomMenu() -> Gtk.MenuButton {
        let menu = Gio.Menu()
        menu.append(tr("Larger Thumbnails"), action: .zoomIn)
        menu.append(tr("Smaller Thumbnails"), action: .zoomOut)
        menu.append(tr("Default Size"), action: .zoomReset)
        let button = Gtk.MenuButton()
        button.setHAlign(GTK_ALIGN_END)
        button.setIconName("view-grid-symbolic")  // says "tile size"; zoom-in alone read as "Add"
        button.setMenu(menu)
        button.setTooltip(tr("Thumbnail size"))
        pp_accessible_set_label(button.widget, tr("Thumbnail size"))
        return button
    }

    /// Leaves the search: no text, every photo back, the keys to the grid.
    func clearSearch() {
        search.setText("")
        searching.clear()  // now, not after the entry's delay
        grid.grabFocus()
    }

    /// The search field has the keyboard focus (Escape leaves the search first: PickerWindow).
    var searchHasFocus: Bool { search.containsWindowFocus }
}
