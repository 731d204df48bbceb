/// Narrowing a collection after it is built (the name search), keeping order and groups.
extension AssetCollection {
    /// The assets for which `keep` holds, in the same order; groups that lose every asset
    /// are dropped, the others keep their titles.
    func narrowed(keeping keep: (AssetID) -> Bool) -> AssetCollection {
        narrowed(keepingAt: { keep(assetIDs[$0]) })
    }

    /// The same, asking by position in `assetIDs`.
    func narrowed(keepingAt keep: (Int) -> Bool) -> AssetCollection {
        var ids: [AssetID] = []
        var spans: [(group: AssetGroup, range: Range<Int>)] = []
        for group in groups {
            let start = ids.count
            for i in group.range where keep(i) { ids.append(assetIDs[i]) }
            if ids.count > start { spans.append((group, start..<ids.count)) }
        }
        let kept = spans.map { span in
            AssetGroup(grouping: span.group.grouping, key: span.group.key, firstDay: span.group.firstDay,
                       lastDay: span.group.lastDay, range: span.range, all: ids)
        }
        return AssetCollection(albumID: albumID, grouping: grouping, filter: filter, sort: sort,
                               assetIDs: ids, groups: kept)
    }
}
