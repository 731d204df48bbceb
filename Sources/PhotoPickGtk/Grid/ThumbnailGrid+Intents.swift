import CGtk
import PhotoPickCore

/// What clicks and keys on the grid ask of the session. Picking logic stays in the
/// session; here only which intent, and the notice when the maximum refused a pick.
extension ThumbnailGrid {
    /// A click on a tile: toggles it, Shift extends the range from the last toggled tile,
    /// and a double-click opens the preview, taking back its first click's toggle.
    func clicked(_ id: AssetID, index: Int, presses: Int, shift: Bool) {
        focus.keySweep = nil
        menuMayFocus(false)
        gtk_widget_grab_focus(root)
        userFocus(index, scroll: false)
        if presses >= 2 {
            // The first click toggled it: take that back, picks and order as they were (a
            // first click that changed nothing, Shift's or a refused one, is not undone).
            if toggledByFirstClick == id { session.withdrawToggle(of: id) }
            toggledByFirstClick = nil
            if presses == 2 { onPreview(id) }
        } else if shift {
            toggledByFirstClick = nil
            session.extendSelection(to: id)
            noticeIfRefused(id)
        } else {
            toggledByFirstClick = toggle(id) ? id : nil
        }
    }

    @discardableResult
    func toggle(_ id: AssetID) -> Bool {
        let changed = session.toggle(id)
        noticeIfRefused(id)
        return changed
    }

    func selectGroup(_ g: Int) {
        session.selectGroup(g)
        if collection.groups.indices.contains(g), let refused = collection.groups[g].assetIDs.first(where: { !session.selection.contains($0) }) {
            noticeIfRefused(refused)
        }
    }

    /// Ctrl+A: everything shown, up to the maximum.
    func selectAll() {
        session.selectAll()
        if let refused = collection.assetIDs.first(where: { !session.selection.contains($0) }) { noticeIfRefused(refused) }
    }

    /// When `wanted` is still unpicked because the selection is full, says why.
    func noticeIfRefused(_ wanted: AssetID) {
        guard session.selection.isFull, !session.selection.contains(wanted), let message = session.limitMessage else { return }
        onNotice(message)
    }
}
