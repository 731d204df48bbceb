/// Computes an `AssetCollection` from an album's assets: filter, order, group.
///
/// The hot path — 100,000 assets, a keyword filter, calendar groups, date order — reads only
/// the `AssetFacts` table: no strings, no hashing, no calendar objects. Albums arrive newest
/// first, so date order costs a check (and a reverse for oldest first), not a sort. Names are
/// looked up only for name patterns and name order.
struct CollectionBuilder {
    let facts: AssetFactsTable
    let names: AssetNames

    func build(_ albumAssets: [AssetID], albumID: AlbumID, grouping: AssetGrouping,
               filter: AssetFilter, sort: AssetSort) -> AssetCollection {
        var ids = filtered(albumAssets, filter)
        if !isNewestFirst(ids) { ids = newestFirst(ids) }
        if sort == .dateAscending { ids.reverse() }
        let spans = groupSpans(ids, grouping)
        if sort == .name || sort == .size { ids = sortedWithinGroups(ids, spans, by: sort) }
        let groups = spans.map { span in
            AssetGroup(grouping: grouping, key: span.key, firstDay: span.firstDay, lastDay: span.lastDay,
                       range: span.range, all: ids)
        }
        return AssetCollection(albumID: albumID, grouping: grouping, filter: filter, sort: sort,
                               assetIDs: ids, groups: groups)
    }

    private func filtered(_ ids: [AssetID], _ filter: AssetFilter) -> [AssetID] {
        let matcher = FilterMatcher(filter, facts: facts)
        guard !matcher.isEmpty else { return ids }
        var out: [AssetID] = []
        out.reserveCapacity(ids.count)
        // The name's closure captures the name table alone: capturing `self` copied the
        // whole builder per asset (a value-witness copy, 7× this loop's time at a million).
        let table = facts, names = self.names
        for id in ids where matcher.matches(table[id], of: id, name: names.name(id) ?? "") { out.append(id) }
        return out
    }

    private func isNewestFirst(_ ids: [AssetID]) -> Bool {
        guard ids.count > 1 else { return true }
        var previous = facts[ids[0]].dateSeconds
        for id in ids.dropFirst() {
            let date = facts[id].dateSeconds
            if date > previous { return false }
            previous = date
        }
        return true
    }

    /// For sources that break the newest-first contract: a stable sort, so ties keep their order.
    private func newestFirst(_ ids: [AssetID]) -> [AssetID] {
        let dates = ids.map { facts[$0].dateSeconds }
        var order = Array(ids.indices)
        order.sort { dates[$0] != dates[$1] ? dates[$0] > dates[$1] : $0 < $1 }
        return order.map { ids[$0] }
    }

    struct Span {
        var key: Int64
        var range: Range<Int>
        var firstDay: Int32
        var lastDay: Int32
    }

    /// Splits the ordered assets where the group key changes (or, for events, at a gap).
    private func groupSpans(_ ids: [AssetID], _ grouping: AssetGrouping) -> [Span] {
        guard !ids.isEmpty else { return [] }
        var spans: [Span] = []
        var cachedDay = Int32.min, cachedKey: Int64 = 0
        var previousDate = 0.0
        var gap = Double.infinity
        if case .event(let hours) = grouping { gap = hours * 3600 }
        var current = Span(key: 0, range: 0..<0, firstDay: 0, lastDay: 0)
        for (i, id) in ids.enumerated() {
            let f = facts[id]
            let key: Int64
            switch grouping {
            case .none:
                key = 0
            case .event:
                key = i > 0 && abs(f.dateSeconds - previousDate) > gap ? current.key + 1 : current.key
                previousDate = f.dateSeconds
            case .hour:
                key = f.hour
            case .year, .month, .week, .day:
                // Neighbours mostly share a day: derive the calendar key once per day.
                if f.day != cachedDay {
                    cachedDay = f.day
                    cachedKey = grouping.key(day: f.day, secondOfDay: f.secondOfDay)!
                }
                key = cachedKey
            }
            if i == 0 || key != current.key {
                if i > 0 { current.range = current.range.lowerBound..<i; spans.append(current) }
                current = Span(key: key, range: i..<i, firstDay: f.day, lastDay: f.day)
            } else {
                current.firstDay = min(current.firstDay, f.day)
                current.lastDay = max(current.lastDay, f.day)
            }
        }
        current.range = current.range.lowerBound..<ids.count
        spans.append(current)
        return spans
    }

    /// Name or size order inside each group; ties keep date order.
    private func sortedWithinGroups(_ ids: [AssetID], _ spans: [Span], by sort: AssetSort) -> [AssetID] {
        var order = Array(ids.indices)
        switch sort {
        case .name:
            let keys = NameSortKeys(ids, names: names)
            for span in spans { keys.sort(&order[span.range]) }
        case .size:
            let sizes = ids.map { facts[$0].sizeBytes }
            for span in spans {
                order[span.range].sort { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
            }
        case .dateDescending, .dateAscending:
            return ids
        }
        return order.map { ids[$0] }
    }
}
