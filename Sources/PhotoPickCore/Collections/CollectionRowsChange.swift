/// Which rows differ between two layouts of a collection, found without building a key per
/// row: at a million photos the grid's old string keys (one per row, about 200,000) cost
/// tens of milliseconds on every scan batch. This compares the rows themselves, integer by
/// integer, from both ends.
///
/// Two rows are the same when they sit at the same position, are the same kind for the same
/// group, show the same flat range and the same assets, and (headers) the same heading and
/// count. The position is part of it on purpose: a bound row remembers its position and its
/// tiles their flat indices, so a row that moved must be bound again.
public struct CollectionRowsChange: Sendable, Equatable {
    /// Rows kept at the start.
    public let start: Int
    /// Old rows replaced, from `start`.
    public let removed: Int
    /// New rows in their place.
    public let added: Int

    public init(start: Int, removed: Int, added: Int) {
        (self.start, self.removed, self.added) = (start, removed, added)
    }

    /// The change from `old` (laid out from `oldCollection`) to `new` (from `newCollection`).
    public init(from old: CollectionRows, _ oldCollection: AssetCollection,
                to new: CollectionRows, _ newCollection: AssetCollection) {
        let limit = min(old.count, new.count)
        var prefix = 0
        while prefix < limit && Self.same(prefix, prefix, old, oldCollection, new, newCollection) { prefix += 1 }
        // From the end only when the counts agree: otherwise every later row moved.
        var suffix = 0
        if old.count == new.count {
            while suffix < limit - prefix,
                  Self.same(old.count - 1 - suffix, new.count - 1 - suffix, old, oldCollection, new, newCollection) {
                suffix += 1
            }
        }
        self.init(start: prefix, removed: old.count - prefix - suffix, added: new.count - prefix - suffix)
    }

    private static func same(_ i: Int, _ j: Int, _ old: CollectionRows, _ oc: AssetCollection,
                             _ new: CollectionRows, _ nc: AssetCollection) -> Bool {
        guard i == j else { return false }
        switch (old.rows[i], new.rows[j]) {
        case (.header(let a), .header(let b)):
            return a == b && oc.groups[a].sameHeading(as: nc.groups[b])
        case (.tiles(let a, let ra), .tiles(let b, let rb)):
            guard a == b, ra == rb else { return false }
            for k in ra where oc.assetIDs[k] != nc.assetIDs[k] { return false }
            return true
        default:
            return false
        }
    }
}

extension AssetGroup {
    /// Whether a header shows the same for both: the title is made from these, and the count.
    func sameHeading(as other: AssetGroup) -> Bool {
        grouping == other.grouping && key == other.key && firstDay == other.firstDay
            && lastDay == other.lastDay && range.count == other.range.count
    }
}
