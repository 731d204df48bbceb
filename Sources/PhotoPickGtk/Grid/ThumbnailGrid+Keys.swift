import CGtk
import PhotoPickCore

/// The grid's keys. The window hands every key press here first (in its capture phase);
/// what the grid does not take goes on to the window (Return, Escape) and the focused widget.
///
/// Zoom, Ctrl+A, Shift+Ctrl+A, undo and redo are the window's actions, with accelerators
/// (Commands.swift). With the grid focused: arrows, Home/End, Page Up/Down move the focus, with Shift
/// they pick the run they cross; Space toggles the focused tile; Ctrl+G picks its date group;
/// Alt+Return previews it; the Menu key or Shift+F10 opens its context menu.
extension ThumbnailGrid {
    func handleKey(_ key: KeyPress) -> Bool {
        // Nothing while another page (the preview) covers the grid: its keys are its own.
        guard gtk_widget_get_mapped(root) != 0 else { return false }
        if focusWidget == root { menuMayFocus(false) }  // the context menu is closed
        let k = Int32(key.keyval)
        let alt = key.state.rawValue & GDK_ALT_MASK.rawValue != 0
        guard hasFocus, !collection.isEmpty else { return false }
        switch k {
        case GDK_KEY_Left, GDK_KEY_KP_Left: move(.left, extend: key.shift)
        case GDK_KEY_Right, GDK_KEY_KP_Right: move(.right, extend: key.shift)
        case GDK_KEY_Up, GDK_KEY_KP_Up: move(.up, extend: key.shift)
        case GDK_KEY_Down, GDK_KEY_KP_Down: move(.down, extend: key.shift)
        case GDK_KEY_Home, GDK_KEY_KP_Home: move(.home, extend: key.shift)
        case GDK_KEY_End, GDK_KEY_KP_End: move(.end, extend: key.shift)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: move(.pageUp(rows: rowsPerPage), extend: key.shift)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: move(.pageDown(rows: rowsPerPage), extend: key.shift)
        case GDK_KEY_space, GDK_KEY_KP_Space:
            guard let id = focus.id else { return false }
            focus.keySweep = nil
            toggle(id)
        case GDK_KEY_g where key.control:
            guard let g = rows.group(ofFlatIndex: focus.index) else { return false }
            selectGroup(g)
        case GDK_KEY_Return where alt, GDK_KEY_KP_Enter where alt, GDK_KEY_ISO_Enter where alt:
            guard let id = focus.id else { return false }
            onPreview(id)
        case GDK_KEY_Menu:
            return openContextMenu()
        case GDK_KEY_F10 where key.shift:
            return openContextMenu()
        default:
            return false
        }
        return true
    }

    /// The focused tile's context menu, as a right-click would open it.
    private func openContextMenu() -> Bool {
        guard let id = focus.id, let tile = bound[id]?.first else { return false }
        menuMayFocus(true)
        onContextMenu(tile)
        return true
    }

    /// Tile rows in one screenful, for Page Up / Page Down.
    private var rowsPerPage: Int {
        let page = Gtk.ScrolledWindow(scrolled).vadjustment.pageSize
        return max(1, Int(page) / max(1, side + GridMetrics.gap))
    }

    /// Moves the focus; with Shift, sweeps from where the Shift+moves began to the new focus.
    private func move(_ move: CollectionRows.Move, extend: Bool) {
        guard let from = focus.id else { return }
        let to = rows.index(from: focus.index, move)
        let upward: Bool
        switch move {
        case .left, .up, .home, .pageUp: upward = true
        default: upward = false
        }
        guard extend else {
            focus.keySweep = nil
            return userFocus(to, scroll: true, upward: upward)
        }
        if focus.keySweep == nil { focus.keySweep = session.beginSweep(at: from, picking: true) }
        userFocus(to, scroll: true, upward: upward)
        guard var sweep = focus.keySweep, let id = focus.id else { return }
        session.continueSweep(&sweep, to: id)
        focus.keySweep = sweep
        noticeIfRefused(id)
    }
}
