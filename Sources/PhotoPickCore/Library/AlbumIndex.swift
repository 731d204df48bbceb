/// A source's albums: the smart albums, then the folder albums as a tree, with each album's
/// place for look-ups by identifier. `build` makes them in one pass over the assets' facts;
/// the library keeps them up to date instead (`AlbumMembers`), with the same result.
public struct AlbumIndex: Sendable {
    public let albums: [Album]
    private let positions: [AlbumID: Int]

    public init(albums: [Album]) {
        self.albums = albums
        self.positions = Dictionary(albums.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    private init(albums: [Album], positions: [AlbumID: Int]) {
        self.albums = albums
        self.positions = positions
    }

    /// Other albums with the same identifiers in the same places (new members, same list):
    /// the positions are kept rather than hashed again.
    func with(albums new: [Album]) -> AlbumIndex {
        precondition(new.count == albums.count, "the same albums in the same places")
        return AlbumIndex(albums: new, positions: positions)
    }

    public func album(_ id: AlbumID) -> Album? { positions[id].map { albums[$0] } }

    /// Builds the albums of the assets `ids` (any order) from their facts alone; `path` is
    /// asked only to order assets of equal dates. `now` decides Recently Added. Ids mostly
    /// in order already sort in linear time.
    public static func build(ids: [AssetID], facts: AssetFactsTable, titles: FolderTitles, now: Double,
                             path: (AssetID) -> RawPath) -> AlbumIndex {
        let dates = ids.map { facts[$0].dateSeconds }
        let order = ids.indices.sorted { a, b in
            dates[a] != dates[b] ? dates[a] > dates[b] : path(ids[a]) < path(ids[b])
        }
        var smart = [[AssetID]](repeating: [], count: SmartAlbumKind.allCases.count)
        func add(_ kind: SmartAlbumKind, _ id: AssetID) { smart[kind.index].append(id) }
        var byFolder = [[AssetID]](repeating: [], count: facts.folders.count)
        let recentSince = now - SmartAlbumKind.recentInterval
        smart[SmartAlbumKind.allPhotos.index].reserveCapacity(ids.count)
        for i in order {
            let id = ids[i]
            let f = facts[id]
            add(.allPhotos, id)
            if f.traits.contains(.video) { add(.videos, id) }
            if f.traits.contains(.screenshot) { add(.screenshots, id) }
            if f.modified >= recentSince { add(.recentlyAdded, id) }
            if f.traits.contains(.favorite) { add(.favorites, id) }
            if f.traits.contains(.panorama) { add(.panoramas, id) }
            if f.folder != AssetFacts.noFolder { byFolder[Int(f.folder)].append(id) }
        }
        var albums: [Album] = SmartAlbumKind.allCases.compactMap { kind in
            let ids = smart[kind.index]
            guard kind == .allPhotos || !ids.isEmpty else { return nil }
            return Album(id: AlbumID(kind), title: kind.title, assetIDs: ids)
        }
        let folders = byFolder.indices.filter { !byFolder[$0].isEmpty }
        albums += FolderTree(folders: folders.map { facts.folders[$0] }, titles: titles).entries().map {
            $0.album(assetIDs: byFolder[folders[$0.position]])
        }
        return AlbumIndex(albums: albums)
    }
}
