/// The selection tray and summary: unpicking from the tray, reordering by drag, and what
/// the picks add up to (also per album, for the sidebar's badges).
extension PickerSession {
    /// Tray click: unpicks `id` (undoable like any pick).
    public func unpick(_ id: AssetID) {
        guard selection.contains(id) else { return }
        updateSelection { $0.remove(id) }
    }

    /// Tray drag: moves a picked asset to `index` in pick order (its place after the move).
    /// Done returns the new order.
    public func movePicked(_ id: AssetID, to index: Int) {
        updateSelection { $0.move(id, to: index) }
    }

    /// Tray drop between items: `slot` counts the gaps before the first item (0) to after
    /// the last (count), in the order before the move.
    public func movePicked(_ id: AssetID, toSlot slot: Int) {
        guard let from = selection.index(of: id) else { return }
        movePicked(id, to: Self.index(forSlot: slot, from: from))
    }

    /// Where an item at `from` lands when dropped in gap `slot`: gaps after it shift by one,
    /// since the item leaves its own place first.
    public static func index(forSlot slot: Int, from: Int) -> Int { slot > from ? slot - 1 : slot }

    /// What the picks add up to, from the facts table: at a million picks (select all) an asset
    /// made per pick took half a second of the main thread. Only a video's length needs its asset.
    public var totals: SelectionTotals {
        let facts = source.facts
        var totals = SelectionTotals()
        for id in selection.ordered where source.contains(id) {
            let f = facts[id]
            totals.count += 1
            totals.bytes += f.sizeBytes
            if f.traits.contains(.video) {
                totals.videos += 1
                totals.videoSeconds += source.asset(id)?.metadata.durationSeconds ?? 0
            }
        }
        return totals
    }

    /// The summary bar's text for the current picks and the caller's limits.
    public var summary: String {
        SelectionSummary.text(totals, maximum: configuration.maximum, minimum: configuration.minimum,
                              estimatedBytes: estimatedExportBytes)
    }

    /// How many picked assets each shown album holds; albums without any are left out.
    /// Counted after every pick: its cost follows the picks, not the library (MemberCounts).
    public func pickedCounts() -> [AlbumID: Int] {
        guard !selection.isEmpty else { return [:] }
        return MemberCounts.counts(of: selection.ordered, in: albums, facts: source.facts)
    }
}
