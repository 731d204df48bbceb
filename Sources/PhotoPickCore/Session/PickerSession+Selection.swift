/// Picking intents. Each reports the assets whose picked state changed, once, and nothing
/// when nothing changed.
extension PickerSession {
    /// Returns whether the picks changed (false when the maximum refused it).
    @discardableResult
    public func toggle(_ id: AssetID) -> Bool {
        guard source.asset(id) != nil else { return false }
        // Through updateSelection: when picking one, the pick it replaces changes too.
        var outcome = Selection.Outcome.limitReached
        updateSelection { outcome = $0.toggle(id) }
        return outcome != .limitReached
    }

    /// The second click of a double-click on `id`: the first click's toggle is taken back,
    /// so opening the preview leaves the picks and their order as they were.
    public func withdrawToggle(of id: AssetID) {
        updateSelection { $0.withdrawToggle(of: id) }
    }

    /// Shift+click: picks from the last toggled asset to `id`, in the shown order.
    public func extendSelection(to id: AssetID) {
        guard source.asset(id) != nil else { return }
        let shown = shownAssets
        updateSelection { $0.extend(to: id, in: shown) }
    }

    /// The group's checkbox: picks the group's unpicked assets, or unpicks the group when all
    /// of it is picked already.
    public func selectGroup(_ index: Int) {
        let groups = collection.groups
        guard groups.indices.contains(index) else { return }
        let ids = groups[index].assetIDs
        updateSelection { selection in
            if ids.allSatisfy(selection.contains) { selection.unpickAll(ids) } else { selection.pickAll(ids) }
        }
    }

    /// Picks every shown asset (up to the maximum), in display order.
    public func selectAll() {
        let shown = shownAssets
        updateSelection { $0.pickAll(shown) }
    }

    /// Unpicks everything, in every album.
    public func clearSelection() { updateSelection { $0.removeAll() } }

    public func undo() { updateSelection { $0.undo() } }
    public func redo() { updateSelection { $0.redo() } }

    /// True when cancelling would throw away picks the user made: picks are held and some
    /// came from the user (a window that opened with the caller's picks and was left alone
    /// loses nothing the caller does not have).
    public var hasPicksToLose: Bool { !selection.isEmpty && selection.canUndo }

    /// Runs `change` and reports what it changed: the unpicked, then those newly picked or
    /// moved in pick order (undoing a reorder changes no membership, but does change order).
    func updateSelection(_ change: (inout Selection) -> Void) {
        let before = selection
        change(&selection)
        var changed = before.ordered.filter { !selection.contains($0) }
        for (i, id) in selection.ordered.enumerated() where before.index(of: id) != i { changed.append(id) }
        if !changed.isEmpty { onChange?(.selection(changed)) }
    }
}
