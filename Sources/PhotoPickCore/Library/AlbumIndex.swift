/// A source's albums, built in one pass over its assets' facts: the smart albums, then the folder
/// albums as a tree. Sources rebuild it when their assets change and keep it until then.
public struct AlbumIndex: Sendable {
    public let albums: [Album]
    private let positions: [AlbumID: Int]

    public init(albums: [Album]) {
        self.albums = albums
        self.positions = Dictionary(albums.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public func album(_ id: AlbumID) -> Album? { positions[id].map { albums[$0] } }

    /// Builds the albums of the assets `ids` (any order) from their facts alone; `path` is
    /// asked only to order assets of equal dates. `now` decides Recently Added. Ids mostly
    /// in order already (the last build's order, then what came since) sort in linear time.
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
        var folders: [RawPath: [AssetID]] = [:]
        for (i, members) in byFolder.enumerated() where !members.isEmpty { folders[facts.folders[i]] = members }
        albums += FolderTree(folders: folders, titles: titles).albums()
        return AlbumIndex(albums: albums)
    }
}

/// Folder albums as a tree: each folder that holds media is an album whose parent is the
/// nearest enclosing folder that is an album too (folders without media of their own are
/// skipped, their albums hang from the next album up). Listed depth-first, so a child
/// follows its parent; siblings in natural order of their titles.
struct FolderTree {
    let folders: [RawPath: [AssetID]]
    let titles: FolderTitles

    func albums() -> [Album] {
        var parents: [RawPath: RawPath] = [:]
        var children: [RawPath?: [RawPath]] = [:]
        var titleOf: [RawPath: String] = [:]
        var keys: [RawPath: [UInt8]] = [:]
        for folder in folders.keys {
            let title = titles.title(forFolder: folder)
            titleOf[folder] = title
            keys[folder] = NaturalOrder.key(title)
            let parent = nearestAlbumAncestor(of: folder)
            parents[folder] = parent
            children[parent, default: []].append(folder)
        }
        var out: [Album] = []
        out.reserveCapacity(folders.count)
        func visit(_ parent: RawPath?, depth: Int) {
            // Keys looked up once per folder, not twice per comparison (10,000 folders).
            let siblings = (children[parent] ?? []).map { (key: keys[$0]!, folder: $0) }.sorted { a, b in
                a.key != b.key ? a.key.lexicographicallyPrecedes(b.key) : a.folder < b.folder
            }
            for (_, folder) in siblings {
                let title = titleOf[folder]!
                let short = parent.flatMap { folder.relative(to: $0) }.map { String(decoding: $0, as: UTF8.self) } ?? title
                out.append(Album(id: .folder(folder), title: title, assetIDs: folders[folder]!,
                                 parent: parent.map(AlbumID.folder), depth: depth, shortTitle: short))
                visit(folder, depth: depth + 1)
            }
        }
        visit(nil, depth: 0)
        return out
    }

    private func nearestAlbumAncestor(of folder: RawPath) -> RawPath? {
        var current = folder
        while true {
            let up = current.parent
            if up == current { return nil }
            if folders[up] != nil { return up }
            current = up
        }
    }
}
