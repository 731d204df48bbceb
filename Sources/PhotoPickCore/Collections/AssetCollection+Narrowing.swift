/// Narrowing a collection after it is built (the name search), keeping order and groups.
extension AssetCollection {
    /// The assets at `parts`' positions (indices into `assetIDs`, ascending through the parts
    /// read in turn: the search's slices), in the same order; groups that lose every asset are
    /// dropped, the others keep their titles. Costs the kept assets and the groups, not a test
    /// per asset; keeping every asset returns the collection itself (the first keystroke at a
    /// million).
    func narrowed(keepingPositions parts: [[Int]]) -> AssetCollection {
        let total = parts.reduce(0) { $0 + $1.count }
        if total == assetIDs.count, coveredByNonEmptyGroups { return self }
        var ids: [AssetID] = []
        ids.reserveCapacity(total)
        var spans: [(group: AssetGroup, range: Range<Int>)] = []
        var g = 0, groupStart = 0
        func closeGroup() {
            if ids.count > groupStart { spans.append((groups[g], groupStart..<ids.count)) }
            groupStart = ids.count
            g += 1
        }
        for part in parts {
            for position in part {
                while g < groups.count && position >= groups[g].range.upperBound { closeGroup() }
                // Outside every group: dropped.
                guard g < groups.count, position >= groups[g].range.lowerBound else { continue }
                ids.append(assetIDs[position])
            }
        }
        while g < groups.count { closeGroup() }
        return assembled(ids, spans)
    }

    /// Whether the groups, none empty, cover every asset in order: then keeping every asset
    /// changes nothing.
    private var coveredByNonEmptyGroups: Bool {
        var next = 0
        for group in groups {
            guard group.range.lowerBound == next, !group.range.isEmpty else { return false }
            next = group.range.upperBound
        }
        return next == assetIDs.count
    }

    private func assembled(_ ids: [AssetID], _ spans: [(group: AssetGroup, range: Range<Int>)]) -> AssetCollection {
        let kept = spans.map { span in
            AssetGroup(grouping: span.group.grouping, key: span.group.key, firstDay: span.group.firstDay,
                       lastDay: span.group.lastDay, range: span.range, all: ids)
        }
        return AssetCollection(albumID: albumID, grouping: grouping, filter: filter, sort: sort,
                               assetIDs: ids, groups: kept)
    }
}
