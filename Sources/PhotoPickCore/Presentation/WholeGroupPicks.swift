/// Whether each date group of the shown collection is wholly picked (its header then offers
/// Deselect), remembered between asks: a header bound again while scrolling, or refreshed
/// after a pick elsewhere, does not walk its group again. A group is walked at most once per
/// change of the picks, and only when the picks outnumber its photos.
public struct WholeGroupPicks {
    private var answers: [Int: Bool] = [:]
    /// The number of picks the answers were made with: a change nobody announced forgets them.
    private var pickCount = -1

    public init() {}

    /// Another collection is shown: its groups are other groups.
    public mutating func collectionChanged() { answers = [:] }

    /// The picked state of `ids` changed, and of no others. An answer stands where the change
    /// cannot have altered it: picks only added (or moved) keep the groups that were whole,
    /// picks only taken away keep those that were not.
    public mutating func picksChanged(_ ids: [AssetID], selection: Selection) {
        let added = ids.contains { selection.contains($0) }, removed = ids.contains { !selection.contains($0) }
        if added && removed {
            answers = [:]
        } else if added {
            answers = answers.filter { $0.value }
        } else if removed {
            answers = answers.filter { !$0.value }
        }
        pickCount = selection.count
    }

    /// True when every asset of `collection`'s group `g` is picked.
    public mutating func allPicked(_ g: Int, in collection: AssetCollection, selection: Selection) -> Bool {
        guard collection.groups.indices.contains(g) else { return false }
        let range = collection.groups[g].range
        // Fewer picks than photos in the group (nearly always): not all, without a walk.
        guard selection.count >= range.count else { return false }
        if selection.count != pickCount {
            answers = [:]
            pickCount = selection.count
        }
        if let known = answers[g] { return known }
        let whole = range.allSatisfy { selection.contains(collection.assetIDs[$0]) }
        answers[g] = whole
        return whole
    }
}
