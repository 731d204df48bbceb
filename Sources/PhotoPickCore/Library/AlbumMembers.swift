/// The library's albums kept up to date as assets come, change and go, instead of rebuilt
/// from every asset after each scan batch: a batch is sorted on its own and merged into the
/// albums it touches, and the folder tree is laid out again only when a folder gains its
/// first asset or loses its last. The albums equal those of a library filled from scratch with
/// the same files (IncrementalAlbumsTests), at a cost that follows the batch, not the library.
struct AlbumMembers {
    /// Each smart album's members (by `SmartAlbumKind.index`), newest first.
    private var smart = [[AssetID]](repeating: [], count: SmartAlbumKind.allCases.count)
    /// Each folder album's members (by `AssetFacts.folder`), newest first.
    private var byFolder: [[AssetID]] = []
    /// Folder albums in sidebar order, each with its folder's index in `byFolder`; nil when
    /// the set of folders with media changed.
    private var layout: [(entry: FolderTree.Entry, folder: Int)]?
    /// The last index made, whose positions are kept while the albums shown stay the same.
    private var last: AlbumIndex?
    private var lastNow = -Double.infinity

    /// Changes since the last index: assets added or changed (to insert), assets deleted or
    /// changed (to take out first). An identifier may appear more than once.
    private var pendingInserts: [AssetID] = []
    private var pendingRemovals: [AssetID] = []

    mutating func added(_ id: AssetID) { pendingInserts.append(id) }

    mutating func deleted(_ id: AssetID) { pendingRemovals.append(id) }

    /// Its facts may have changed (date, traits): taken out where it was, put where it goes.
    mutating func changed(_ id: AssetID) {
        pendingRemovals.append(id)
        pendingInserts.append(id)
    }

    /// The albums with every pending change applied. `contains` tells which assets the source
    /// has now; `pathPrecedes` orders assets of equal dates (by path); `now` decides Recently Added.
    mutating func index(facts: AssetFactsTable, titles: FolderTitles, now: Double,
                        contains: (AssetID) -> Bool, pathPrecedes: (AssetID, AssetID) -> Bool) -> AlbumIndex {
        if byFolder.count < facts.folders.count {
            byFolder += Array(repeating: [], count: facts.folders.count - byFolder.count)
        }
        let recentSince = now - SmartAlbumKind.recentInterval
        takeOutRemovals(facts)
        insert(sortedInserts(facts, contains: contains, pathPrecedes: pathPrecedes), facts, recentSince: recentSince,
               pathPrecedes: pathPrecedes)
        refreshRecent(facts, now: now, recentSince: recentSince)
        return assemble(facts, titles: titles)
    }

    // MARK: Changes

    /// Drops deleted and changed assets from the smart albums and from their folders (a
    /// changed asset keeps its path, so its folder is the one its facts still name).
    private mutating func takeOutRemovals(_ facts: AssetFactsTable) {
        guard !pendingRemovals.isEmpty else { return }
        let removals = pendingRemovals
        pendingRemovals = []
        var gone = [Bool](repeating: false, count: Int(removals.map(\.rawValue).max()!) + 1)
        var folders = Set<UInt32>()
        for id in removals {
            gone[Int(id.rawValue)] = true
            let folder = facts[id].folder
            if folder != AssetFacts.noFolder { folders.insert(folder) }
        }
        func isGone(_ id: AssetID) -> Bool { Int(id.rawValue) < gone.count && gone[Int(id.rawValue)] }
        for kind in smart.indices { smart[kind].removeAll(where: isGone) }
        for folder in folders where Int(folder) < byFolder.count {
            byFolder[Int(folder)].removeAll(where: isGone)
            if byFolder[Int(folder)].isEmpty { layout = nil }
        }
    }

    /// The pending insertions the source still has, once each, newest first (ties by path).
    private mutating func sortedInserts(_ facts: AssetFactsTable, contains: (AssetID) -> Bool,
                                        pathPrecedes: (AssetID, AssetID) -> Bool) -> [AssetID] {
        var ids = pendingInserts.filter(contains)
        pendingInserts = []
        if ids.count > 1 {
            ids.sort()
            ids = ids.indices.compactMap { $0 > 0 && ids[$0] == ids[$0 - 1] ? nil : ids[$0] }
        }
        let dates = ids.map { facts[$0].dateSeconds }
        return ids.indices.sorted { a, b in
            dates[a] != dates[b] ? dates[a] > dates[b] : pathPrecedes(ids[a], ids[b])
        }.map { ids[$0] }
    }

    /// Merges `ids` (newest first) into every album they belong to. Recently Added takes
    /// those modified since `recentSince`; `refreshRecent` drops those that aged out.
    private mutating func insert(_ ids: [AssetID], _ facts: AssetFactsTable, recentSince: Double,
                                 pathPrecedes: (AssetID, AssetID) -> Bool) {
        guard !ids.isEmpty else { return }
        var smartNew = [[AssetID]](repeating: [], count: smart.count)
        var folderNew: [UInt32: [AssetID]] = [:]
        for id in ids {
            let f = facts[id]
            // A pair is its still: the movie or RAW file beside it is in no album.
            if f.traits.contains(.companion) { continue }
            smartNew[SmartAlbumKind.allPhotos.index].append(id)
            if f.traits.contains(.video) { smartNew[SmartAlbumKind.videos.index].append(id) }
            if f.traits.contains(.screenshot) { smartNew[SmartAlbumKind.screenshots.index].append(id) }
            if f.modified >= recentSince { smartNew[SmartAlbumKind.recentlyAdded.index].append(id) }
            if f.traits.contains(.favorite) { smartNew[SmartAlbumKind.favorites.index].append(id) }
            if f.traits.contains(.panorama) { smartNew[SmartAlbumKind.panoramas.index].append(id) }
            if f.folder != AssetFacts.noFolder { folderNew[f.folder, default: []].append(id) }
        }
        withoutActuallyEscaping(pathPrecedes) { pathPrecedes in
            let order = NewestFirst(facts: facts, pathPrecedes: pathPrecedes)
            for kind in smart.indices where !smartNew[kind].isEmpty { order.merge(smartNew[kind], into: &smart[kind]) }
            for (folder, new) in folderNew {
                if byFolder[Int(folder)].isEmpty { layout = nil }
                order.merge(new, into: &byFolder[Int(folder)])
            }
        }
    }

    /// Recently Added as of `now`: time only moves assets out of it, so those that aged out
    /// are dropped; a clock set back rebuilds it from All Photos.
    private mutating func refreshRecent(_ facts: AssetFactsTable, now: Double, recentSince: Double) {
        let recent = SmartAlbumKind.recentlyAdded.index
        if now < lastNow {
            smart[recent] = smart[SmartAlbumKind.allPhotos.index].filter { facts[$0].modified >= recentSince }
        } else if smart[recent].contains(where: { facts[$0].modified < recentSince }) {
            smart[recent].removeAll { facts[$0].modified < recentSince }
        }
        lastNow = now
    }

    // MARK: The index

    /// The smart albums (All Photos always, the others when not empty), then the folders in
    /// tree order. Positions are reused when the same albums are listed as last time.
    private mutating func assemble(_ facts: AssetFactsTable, titles: FolderTitles) -> AlbumIndex {
        let entries: [(entry: FolderTree.Entry, folder: Int)]
        if let layout {
            entries = layout
        } else {
            let folders = byFolder.indices.filter { !byFolder[$0].isEmpty }
            entries = FolderTree(folders: folders.map { facts.folders[$0] }, titles: titles).entries().map {
                ($0, folders[$0.position])
            }
            layout = entries
        }
        var albums: [Album] = SmartAlbumKind.allCases.compactMap { kind in
            let ids = smart[kind.index]
            guard kind == .allPhotos || !ids.isEmpty else { return nil }
            return Album(id: AlbumID(kind), title: kind.title, assetIDs: ids)
        }
        albums.reserveCapacity(albums.count + entries.count)
        for (entry, folder) in entries { albums.append(entry.album(assetIDs: byFolder[folder])) }
        // The same albums in the same places (the usual batch): the positions still hold.
        let index: AlbumIndex
        if let last, last.albums.count == albums.count, zip(last.albums, albums).allSatisfy({ $0.id == $1.id }) {
            index = last.with(albums: albums)
        } else {
            index = AlbumIndex(albums: albums)
        }
        last = index
        return index
    }
}

/// The albums' order, newest first with equal dates by path, and merging into it.
private struct NewestFirst {
    let facts: AssetFactsTable
    let pathPrecedes: (AssetID, AssetID) -> Bool

    func precedes(_ a: AssetID, _ b: AssetID) -> Bool {
        let x = facts[a].dateSeconds, y = facts[b].dateSeconds
        return x != y ? x > y : pathPrecedes(a, b)
    }

    /// Merges `new` (in this order, none already in `album`) into `album`: each new asset's
    /// place found by binary search, the runs between copied whole.
    func merge(_ new: [AssetID], into album: inout [AssetID]) {
        if album.isEmpty { album = new; return }
        if new.count <= 8 {  // a few: insert in place
            var low = 0
            for id in new {
                low = place(of: id, in: album, from: low)
                album.insert(id, at: low)
                low += 1
            }
            return
        }
        var out: [AssetID] = []
        out.reserveCapacity(album.count + new.count)
        var low = 0
        for id in new {
            let at = place(of: id, in: album, from: low)
            out.append(contentsOf: album[low..<at])
            out.append(id)
            low = at
        }
        out.append(contentsOf: album[low...])
        album = out
    }

    /// The first position at or after `from` whose asset `id` precedes.
    private func place(of id: AssetID, in album: [AssetID], from: Int) -> Int {
        var low = from, high = album.count
        while low < high {
            let mid = (low + high) / 2
            if precedes(id, album[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
