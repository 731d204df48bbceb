/// A sweep: picking (or unpicking) a contiguous run of shown assets that grows and shrinks
/// as the pointer drags across the grid, or as Shift+arrows move the focus.
///
/// The run goes from the sweep's anchor to the asset under the pointer, in display order.
/// Every step recomputes it from the selection as it was before the sweep, so moving back
/// gives back what the run no longer covers, and the whole sweep is one undo step.
/// `PickerSession.beginSweep` starts one and `continueSweep` applies each step.
public struct SelectionSweep: Sendable {
    public let anchor: AssetID
    /// True when the sweep picks; false when it unpicks.
    public let picking: Bool
    /// Where the sweep reached last.
    public private(set) var end: AssetID
    /// The picks as they were before the sweep: each step starts again from them.
    private let before: Selection

    /// A sweep from `anchor` over `before`, reaching nothing past the anchor yet. It picks
    /// when the anchor is unpicked and unpicks when it is picked, unless `picking` says which.
    init(at anchor: AssetID, picking: Bool?, over before: Selection) {
        self.anchor = anchor
        self.picking = picking ?? !before.contains(anchor)
        self.end = anchor
        self.before = before
    }

    /// Moves the end to `id` and returns the picks with the run from the anchor to `id`
    /// picked (in that order, up to the maximum) or unpicked, the rest as before the sweep.
    /// When picking one, `id` alone is picked. Nil, the sweep unchanged, when the anchor or
    /// `id` is not in `shown`.
    mutating func reach(_ id: AssetID, in shown: [AssetID]) -> Selection? {
        guard let from = shown.firstIndex(of: anchor), let to = shown.firstIndex(of: id) else { return nil }
        end = id
        var selection = before
        if picking && selection.picksOne {
            // Picking one: the pick follows the sweep's end instead of a run.
            if !selection.contains(id) { selection.toggle(id) }
        } else {
            let run = from <= to ? Array(shown[from...to]) : Array(shown[to...from].reversed())
            if picking { selection.pickAll(run) } else { selection.unpickAll(run) }
        }
        return selection
    }
}
