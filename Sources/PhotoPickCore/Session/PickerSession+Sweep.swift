/// A sweep: picking (or unpicking) a contiguous run of shown assets that grows and shrinks
/// as the pointer drags across the grid, or as Shift+arrows move the focus.
///
/// The run goes from the sweep's anchor to the asset under the pointer, in display order.
/// Every step recomputes it from the selection as it was before the sweep, so moving back
/// gives back what the run no longer covers, and the whole sweep is one undo step.
public struct SelectionSweep: Sendable {
    public let anchor: AssetID
    /// True when the sweep picks; false when it unpicks.
    public let picking: Bool
    /// Where the sweep reached last.
    public fileprivate(set) var end: AssetID
    fileprivate let before: Selection
}

extension PickerSession {
    /// Starts a sweep at `id` and applies it to `id` alone. It picks when `id` is unpicked and
    /// unpicks when it is picked, unless `picking` says which. Nil when `id` is not shown.
    public func beginSweep(at id: AssetID, picking: Bool? = nil) -> SelectionSweep? {
        guard shownAssets.contains(id) else { return nil }
        var sweep = SelectionSweep(anchor: id, picking: picking ?? !selection.contains(id), end: id, before: selection)
        continueSweep(&sweep, to: id)
        return sweep
    }

    /// Moves the sweep's end to `id`: the run from the anchor to `id` is picked (in that
    /// order, up to the maximum) or unpicked; the rest is as it was before the sweep. When
    /// picking one, `id` alone is picked.
    public func continueSweep(_ sweep: inout SelectionSweep, to id: AssetID) {
        let shown = shownAssets
        guard let from = shown.firstIndex(of: sweep.anchor), let to = shown.firstIndex(of: id) else { return }
        sweep.end = id
        let run = from <= to ? Array(shown[from...to]) : Array(shown[to...from].reversed())
        let base = sweep.before, picking = sweep.picking
        updateSelection { selection in
            selection = base
            if picking && selection.picksOne {
                // Picking one: the pick follows the sweep's end instead of a run.
                if !selection.contains(id) { selection.toggle(id) }
            } else if picking { selection.pickAll(run) } else { selection.unpickAll(run) }
        }
    }
}
