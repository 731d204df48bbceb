/// Folder albums as a tree: each folder that holds media is an album whose parent is the
/// nearest enclosing folder that is an album too (folders without media of their own are
/// skipped, their albums hang from the next album up). Listed depth-first, so a child
/// follows its parent; siblings in natural order of their titles.
///
/// Laid out from the folders alone (no members), so the library lays it out again only when
/// a folder gains its first asset or loses its last (`AlbumMembers`).
struct FolderTree {
    /// The folders that hold media, in any order.
    let folders: [RawPath]
    let titles: FolderTitles

    /// One folder album without its members.
    struct Entry: Sendable {
        /// Where the folder is in `FolderTree.folders`.
        let position: Int
        let folder: RawPath
        let title: String
        let parent: RawPath?
        let depth: Int
        let shortTitle: String

        func album(assetIDs: [AssetID]) -> Album {
            Album(id: .folder(folder), title: title, assetIDs: assetIDs, parent: parent.map(AlbumID.folder),
                  depth: depth, shortTitle: shortTitle)
        }
    }

    /// The folders in sidebar order.
    func entries() -> [Entry] {
        let positions = Dictionary(folders.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var children: [RawPath?: [RawPath]] = [:]
        var titleOf: [RawPath: String] = [:]
        var keys: [RawPath: [UInt8]] = [:]
        for folder in positions.keys {
            let title = titles.title(forFolder: folder)
            titleOf[folder] = title
            keys[folder] = NaturalOrder.key(title)
            children[nearestAlbumAncestor(of: folder, in: positions), default: []].append(folder)
        }
        var out: [Entry] = []
        out.reserveCapacity(positions.count)
        func visit(_ parent: RawPath?, depth: Int) {
            // Keys looked up once per folder, not twice per comparison (10,000 folders).
            let siblings = (children[parent] ?? []).map { (key: keys[$0]!, folder: $0) }.sorted { a, b in
                a.key != b.key ? a.key.lexicographicallyPrecedes(b.key) : a.folder < b.folder
            }
            for (_, folder) in siblings {
                let title = titleOf[folder]!
                let short = parent.flatMap { folder.relative(to: $0) }.map { String(decoding: $0, as: UTF8.self) } ?? title
                out.append(Entry(position: positions[folder]!, folder: folder, title: title, parent: parent,
                                 depth: depth, shortTitle: short))
                visit(folder, depth: depth + 1)
            }
        }
        visit(nil, depth: 0)
        return out
    }

    private func nearestAlbumAncestor(of folder: RawPath, in positions: [RawPath: Int]) -> RawPath? {
        var current = folder
        while true {
            let up = current.parent
            if up == current { return nil }
            if positions[up] != nil { return up }
            current = up
        }
    }
}
