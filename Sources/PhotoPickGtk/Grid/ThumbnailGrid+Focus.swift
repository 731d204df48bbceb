import CGtk
import PhotoPickCore

/// The grid's own keyboard focus. GTK's focus stays on the grid's root (the list's rows
/// are not one widget per photo); the tile Space acts on is `focus`, drawn with the
/// `focused` class while the grid has GTK's focus (`has-focus`).
extension ThumbnailGrid {
    /// True while the keyboard focus is in the grid.
    var hasFocus: Bool {
        guard let focused = focusWidget else { return false }
        return focused == root || gtk_widget_is_ancestor(focused, root) != 0
    }

    /// The asset of the focused tile, while the grid has the keyboard focus.
    func focusedAsset(in window: Widget) -> AssetID? { hasFocus ? focus.id : nil }

    /// Gives the grid the keyboard focus, on the first tile.
    /// The focused tile's place in the shown assets.
    var focusedIndex: Int { focus.index }

    func focusFirst() {
        setFocus(0, scroll: true, upward: true)
        gtk_widget_grab_focus(root)
    }

    /// Gives the grid the keyboard focus where its focus ring already is.
    func grabFocus() {
        gtk_widget_grab_focus(root)
        scrollToFocus(upward: true)
    }

    /// The widget with GTK's keyboard focus in the grid's window.
    var focusWidget: Widget? {
        guard let window = gtk_widget_get_root(root) else { return nil }
        return gtk_root_get_focus(window)
    }

    /// Whether widgets inside the list may take the keyboard focus. Normally not (Tab would
    /// stop on the scroller); but a tile's context menu is a popover inside the list, and
    /// its items need the focus. A right-click allows it until the grid is used again.
    func menuMayFocus(_ allowed: Bool) {
        guard (gtk_widget_get_can_focus(scrolled) != 0) != allowed else { return }
        gtk_widget_set_can_focus(scrolled, allowed ? 1 : 0)
    }

    /// Marks the grid while it has keyboard focus, so the focused tile's ring shows only then.
    func installFocusTracking() {
        let focus = Gtk.FocusController(on: root)
        track(focus.onEnter { [unowned self] in addClass(self.root, "has-focus") }, on: focus.object)
        track(focus.onLeave { [unowned self] in removeClass(self.root, "has-focus") }, on: focus.object)
    }

    /// The focus put on a photo on purpose (a key, a click, the window): from now on it
    /// follows that photo while it stays on screen.
    func userFocus(_ index: Int, scroll: Bool, upward: Bool = false) {
        focus.placedByUser = true
        setFocus(index, scroll: scroll, upward: upward)
    }

    /// Moves the focus ring to flat index `index`, scrolling it into view when asked.
    func setFocus(_ index: Int, scroll: Bool, upward: Bool = false) {
        guard !collection.isEmpty else {
            focus.id = nil
            focus.index = 0
            return
        }
        let index = min(max(0, index), collection.count - 1)
        let id = collection.assetIDs[index]
        if id != focus.id {
            if let old = focus.id { bound[old]?.forEach { $0.setFocused(false) } }
            bound[id]?.forEach { $0.setFocused(true) }
        }
        focus.index = index
        focus.id = id
        if scroll {
            // The focused tile is on screen now, whatever the viewport saw last.
            if let screen = focus.onScreen, !screen.contains(index) { focus.onScreen = index...index }
            scrollToFocus(upward: upward)
        }
    }

    /// Scrolls the focused tile's row into view (with its group's header when moving up onto
    /// the group's first row). GTK 4.8 has no gtk_list_view_scroll_to; its list.scroll-to-item
    /// action scrolls as little as needed.
    func scrollToFocus(upward: Bool) {
        guard var row = rows.row(ofFlatIndex: focus.index) else { return }
        if upward, row > 0, case .header = rows.rows[row - 1] { row -= 1 }
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint32(row)))
    }
}

/// The grid's keyboard focus: the tile Space acts on, and the Shift+arrow sweep under way.
struct GridFocus {
    var index = 0
    var id: AssetID?
    var keySweep: SelectionSweep?
    /// False until a key, a click or the window (the first preselected photo, the photo the
    /// preview showed last) puts the focus on a photo: the opening focus stays on the first tile.
    var placedByUser = false
    /// The flat indices of the tiles on screen, as the viewport last saw them; nil before its
    /// first look.
    var onScreen: ClosedRange<Int>?
}
