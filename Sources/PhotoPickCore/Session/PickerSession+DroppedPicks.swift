extension PickerSession {
    /// Unpicks, in pick order, the picks `problem` says can no longer be handed over (the
    /// system layer's `recheckPicks` asks the disk); the caller says which before finishing.
    public func dropPicks(where problem: (Asset) -> String?) -> [DroppedPick] {
        var dropped: [DroppedPick] = [], droppedIDs = Set<AssetID>()
        for id in selection.ordered {
            guard let asset = source.asset(id) else { continue }
            if let reason = problem(asset) {
                dropped.append(DroppedPick(path: asset.path, reason: reason))
                droppedIDs.insert(id)
            }
        }
        guard !droppedIDs.isEmpty else { return [] }
        let gone = selection.removeMissing { !droppedIDs.contains($0) }
        onChange?(.selection(gone))
        return dropped
    }
}
