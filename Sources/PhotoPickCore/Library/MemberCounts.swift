/// How many of some assets each album holds: the sidebar's picked badges, counted after every
/// pick. A pass over every album's members cost 50–85 ms on the main thread per pick at a
/// million photos (All Photos and the folders each hold all of them), a stall in the middle of
/// a drag. So each asset is looked up instead in the albums that can hold it (the smart ones
/// and its own folder's) by binary search on its date, albums being newest first: the cost
/// follows the picks, not the library. When the picks are many (select all), the one pass is
/// cheaper, and it marks the picks in a bitmap rather than hashing them.
public enum MemberCounts {
    /// The number of `ids` in each of `albums` (as a source lists them, or narrowed by a
    /// filter: either way newest first by `facts`' dates); albums holding none are left out.
    public static func counts(of ids: [AssetID], in albums: AlbumPositions, facts: AssetFactsTable) -> [AlbumID: Int] {
        guard !ids.isEmpty else { return [:] }
        return bySearch(ids, in: albums, facts: facts, budget: albums.members) ?? byPass(ids, in: albums.albums)
    }

    /// Each id looked up by date in the smart albums and in its folder's album; nil as soon as
    /// that takes more steps than `budget` (a pass over every member), including long runs of
    /// equal dates, which are walked one by one. Dates are never NaN (`Asset` clamps them),
    /// so every album is ordered by them.
    static func bySearch(_ ids: [AssetID], in albums: AlbumPositions, facts: AssetFactsTable, budget: Int) -> [AlbumID: Int]? {
        var steps = albums.albums.count
        guard steps + ids.count * (albums.smart.count + 1) * albums.stepsPerSearch <= budget else { return nil }

        let folders = facts.folders, list = albums.albums
        var found = [Int](repeating: 0, count: list.count)
        for id in ids {
            let own = facts[id], date = own.dateSeconds
            for position in albums.smart {
                guard let held = contains(list[position].assetIDs, id, date: date, facts: facts,
                                          steps: &steps, budget: budget) else { return nil }
                if held { found[position] += 1 }
            }
            if Int(own.folder) < folders.count, let position = albums.folderAlbum[folders[Int(own.folder)]] {
                guard let held = contains(list[position].assetIDs, id, date: date, facts: facts,
                                          steps: &steps, budget: budget) else { return nil }
                if held { found[position] += 1 }
            }
        }
        var counts: [AlbumID: Int] = [:]
        for (position, n) in found.enumerated() where n > 0 { counts[list[position].id] = n }
        return counts
    }

    /// Whether `members` (newest first) holds `id`, whose date is `date`: the first member not
    /// newer found by binary search, then the members of that same date walked; nil once
    /// `steps` passes `budget`, so a long run of one date is not walked to its end.
    private static func contains(_ members: [AssetID], _ id: AssetID, date: Double, facts: AssetFactsTable,
                                 steps: inout Int, budget: Int) -> Bool? {
        var low = 0, high = members.count
        while low < high {
            let mid = (low + high) / 2
            if facts[members[mid]].dateSeconds > date { low = mid + 1 } else { high = mid }
            steps += 1
        }
        while low < members.count, facts[members[low]].dateSeconds == date {
            if members[low] == id { return true }
            low += 1
            steps += 1
            if steps > budget { return nil }
        }
        return steps > budget ? nil : false
    }

    /// One pass over every album's members against a bitmap of `ids`.
    static func byPass(_ ids: [AssetID], in albums: [Album]) -> [AlbumID: Int] {
        let highest = Int(ids.lazy.map(\.rawValue).max() ?? 0)
        var picked = [Bool](repeating: false, count: highest + 1)
        for id in ids { picked[Int(id.rawValue)] = true }
        var counts: [AlbumID: Int] = [:]
        for album in albums {
            var n = 0
            for id in album.assetIDs where Int(id.rawValue) <= highest && picked[Int(id.rawValue)] { n += 1 }
            if n > 0 { counts[album.id] = n }
        }
        return counts
    }
}
