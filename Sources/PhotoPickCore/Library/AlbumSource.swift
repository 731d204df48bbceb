/// Whatever produces assets and albums: the scanned file system (`PhotoLibrary`) first;
/// a camera or a test fixture later. The session and the views only talk to this.
///
/// Contract: identifiers are dense small integers (the facts table is indexed by them),
/// every album lists its assets newest first, and `revision` changes whenever any asset
/// or album does, so caches (the shown collection) know when to recompute.
public protocol AlbumSource: AnyObject {
    var revision: Int { get }
    /// Smart albums first (All Photos always, the others when not empty), then the folder
    /// tree in natural order, each folder right after its parent.
    var albums: [Album] { get }
    func album(_ id: AlbumID) -> Album?
    func asset(_ id: AssetID) -> Asset?
    /// Per-asset facts for grouping, filtering and sorting.
    var facts: AssetFactsTable { get }
    /// What could not be read, for the window to explain.
    var problems: [ScanProblem] { get }
    /// The assets as they are now, for a search running on another thread.
    var names: AssetNames { get }
    /// Whether `id` is one of the source's assets now, without making the asset.
    func contains(_ id: AssetID) -> Bool
    /// The Live Photo, RAW+JPEG or Motion Photo `id` is part of (as still or companion).
    func pair(of id: AssetID) -> AssetPair?
}

extension AlbumSource {
    public var problems: [ScanProblem] { [] }

    public func contains(_ id: AssetID) -> Bool { asset(id) != nil }

    /// Motion Photos only, from the facts: sources without a pair table pair nothing else.
    public func pair(of id: AssetID) -> AssetPair? {
        facts[id].traits.contains(.motion) ? AssetPair(kind: .motion, still: id, companion: nil) : nil
    }

    /// The albums as seen through `filter`: each narrowed to its matching assets, the
    /// empty ones dropped (All Photos stays, possibly empty). A folder whose parent album
    /// was dropped hangs from the nearest one left, so the tree stays whole.
    /// `admits`, when given, narrows further (the caller's named filter in the window).
    public func albums(matching filter: AssetFilter, admitting admits: ((AssetID) -> Bool)? = nil) -> [Album] {
        guard !filter.isEmpty || admits != nil else { return albums }
        let all = albums
        let original = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var keptDepth: [AlbumID: Int] = [:]
        var out: [Album] = []
        // Each asset is tested once, in All Photos, not once per album it is in: 1 passes, 2
        // does not, 0 not in All Photos (tested where met; a source may list it elsewhere only).
        let matcher = FilterMatcher(filter, facts: facts)
        let table = facts, names = self.names
        func test(_ id: AssetID) -> Bool { matcher.matches(table[id], of: id, name: names.name(id) ?? "") }
        var tested = [UInt8](repeating: 0, count: filter.isEmpty ? 0 : table.entries.count)
        for id in all.first(where: { $0.id == .allPhotos })?.assetIDs ?? [] where Int(id.rawValue) < tested.count {
            tested[Int(id.rawValue)] = test(id) ? 1 : 2
        }
        let verdicts = tested
        func passes(_ id: AssetID) -> Bool {
            let i = Int(id.rawValue)
            let verdict = i < verdicts.count ? verdicts[i] : 0
            return verdict == 0 ? test(id) : verdict == 1
        }
        for album in all {
            var narrowed = filter.isEmpty ? album : album.with(assetIDs: album.assetIDs.filter(passes))
            if let admits { narrowed = narrowed.with(assetIDs: narrowed.assetIDs.filter(admits)) }
            guard !narrowed.assetIDs.isEmpty || album.id == .allPhotos else { continue }
            var parent = album.parent
            while let p = parent, keptDepth[p] == nil { parent = original[p]?.parent }
            let depth = parent.map { keptDepth[$0]! + 1 } ?? 0
            keptDepth[album.id] = depth
            out.append(narrowed.with(assetIDs: narrowed.assetIDs, parent: parent, depth: depth))
        }
        return out
    }

    /// An album's collection: filtered, sorted and grouped.
    public func collection(of albumID: AlbumID, grouping: AssetGrouping = .none,
                           filter: AssetFilter = .all, sort: AssetSort = .dateDescending) -> AssetCollection {
        guard let album = album(albumID) else {
            return AssetCollection(albumID: albumID, grouping: grouping, filter: filter, sort: sort)
        }
        return CollectionBuilder(facts: facts, names: names)
            .build(album.assetIDs, albumID: albumID, grouping: grouping, filter: filter, sort: sort)
    }

    /// Names come from the name table, as the search reads them: no asset copied per id.
    private func narrowed(_ album: Album, to filter: AssetFilter) -> Album {
        let matcher = FilterMatcher(filter, facts: facts)
        let table = facts, names = self.names
        let ids = album.assetIDs.filter { matcher.matches(table[$0], of: $0, name: names.name($0) ?? "") }
        return album.with(assetIDs: ids)
    }
}
