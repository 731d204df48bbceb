extension PickerSession {
    /// Starts a sweep (a drag across the grid, or Shift+arrows) at `id` and applies it to
    /// `id` alone. It picks when `id` is unpicked and unpicks when it is picked, unless
    /// `picking` says which. Nil when `id` is not shown.
    public func beginSweep(at id: AssetID, picking: Bool? = nil) -> SelectionSweep? {
        guard shownAssets.contains(id) else { return nil }
        var sweep = SelectionSweep(at: id, picking: picking, over: selection)
        continueSweep(&sweep, to: id)
        return sweep
    }

    /// Moves the sweep's end to `id`: the run from the anchor to `id` is picked (in that
    /// order, up to the maximum) or unpicked; the rest is as it was before the sweep. When
    /// picking one, `id` alone is picked.
    public func continueSweep(_ sweep: inout SelectionSweep, to id: AssetID) {
        guard let swept = sweep.reach(id, in: shownAssets) else { return }
        updateSelection { $0 = swept }
    }
}
