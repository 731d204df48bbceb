import CGtk
import PhotoPickCore

/// The grid's keys, bound from the command table (`Command.Place.grid`, KeyBindings) by a
/// shortcut controller on the grid that comes before its list's own keys and acts only while
/// the grid has the focus.
///
/// The moves are the grid's own actions ("grid.…"): arrows, Home/End, Page Up/Down move the
/// focus, with Shift they pick the run they cross; they are off while nothing is shown, so
/// the keys then move GTK's focus as anywhere else. Space, Ctrl+G, Alt+Return and the Menu
/// key are the window's actions on the focused tile (PickerWindow+Actions). Zoom, Ctrl+A,
/// Shift+Ctrl+A, undo and redo are the window's too, with accelerators.
extension ThumbnailGrid {
    /// Adds the moves to the grid's action group and binds the grid's keys.
    func installKeys() {
        let moves: [(CommandName, CommandName, @MainActor () -> CollectionRows.Move)] = [
            (.focusLeft, .pickLeft, { .left }), (.focusRight, .pickRight, { .right }),
            (.focusUp, .pickUp, { .up }), (.focusDown, .pickDown, { .down }),
            (.focusFirst, .pickFirst, { .home }), (.focusLast, .pickLast, { .end }),
            (.focusPageUp, .pickPageUp, { [unowned self] in .pageUp(rows: self.rowsPerPage) }),
            (.focusPageDown, .pickPageDown, { [unowned self] in .pageDown(rows: self.rowsPerPage) }),
        ]
        for (plain, picking, move) in moves {
            keyActions.add(plain) { [unowned self] in self.move(move(), extend: false) }
            keyActions.add(picking) { [unowned self] in self.move(move(), extend: true) }
        }
        keyActions.setEnabled(keyActions.handled, false)  // nothing shown yet
        KeyBindings.bind(.grid, on: root)
        // A tile's context menu is a popover inside the list: once the focus is back on the
        // grid itself, the menu is closed and the list's widgets may not take it again.
        let focus = Gtk.FocusController(on: root)
        track(focus.onIsFocus { [unowned self] in self.menuMayFocus(false) }, on: focus.object)
    }

    /// The moves act while there is something to move over.
    func keysFollowShown() {
        keyActions.setEnabled(keyActions.handled, !collection.isEmpty)
    }

    /// Space: picks or unpicks the focused tile (ending a Shift+arrow sweep).
    func toggleFocused() {
        guard let id = focus.id else { return }
        focus.keySweep = nil
        toggle(id)
    }

    /// Ctrl+G: picks the focused tile's date group.
    func selectFocusedGroup() {
        guard focus.id != nil, let group = rows.group(ofFlatIndex: focus.index) else { return }
        selectGroup(group)
    }

    /// Alt+Return: the focused tile, large.
    func previewFocused() {
        guard let id = focus.id else { return }
        onPreview(id)
    }

    /// The Menu key or Shift+F10: the focused tile's context menu, as a right-click opens it.
    func openFocusedMenu() {
        guard let id = focus.id, let tile = bound[id]?.first else { return }
        menuMayFocus(true)
        onContextMenu(tile)
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
