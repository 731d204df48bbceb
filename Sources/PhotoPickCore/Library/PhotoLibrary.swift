/// The photos and videos under a set of root folders, grouped into albums.
///
/// Not thread-safe: the window owns one on the main actor and feeds it scan batches;
/// the command line fills one synchronously.
public final class PhotoLibrary {
    public let roots: [RawPath]
    public private(set) var problems: [ScanProblem] = []

    private var assetsByID: [AssetID: Asset] = [:]
    private var seenFiles: Set<FileKeyID> = []
    private var nextID: UInt32 = 1
    private var cachedAlbums: [Album]?

    private struct FileKeyID: Hashable { let device: UInt64; let inode: UInt64 }

    public init(roots: [RawPath]) {
        self.roots = roots
    }

    public var count: Int { assetsByID.count }

    public func asset(_ id: AssetID) -> Asset? { assetsByID[id] }

    /// Adds scanned files; the same file reached twice is kept once. Returns the new assets.
    @discardableResult
    public func add(_ files: [DiscoveredFile]) -> [Asset] {
        var added: [Asset] = []
        for file in files {
            guard seenFiles.insert(FileKeyID(device: file.device, inode: file.inode)).inserted else { continue }
            let asset = Asset(id: AssetID(nextID), path: file.path, mimeType: file.mimeType, kind: file.kind,
                              sizeBytes: file.sizeBytes, modified: file.modified, albumID: .folder(file.path.parent),
                              metadata: file.metadata)
            nextID += 1
            assetsByID[asset.id] = asset
            added.append(asset)
        }
        if !added.isEmpty { cachedAlbums = nil }
        return added
    }

    public func record(problems new: [ScanProblem]) {
        problems.append(contentsOf: new)
    }

    /// All Photos first, then one album per folder that holds media, by title.
    public var albums: [Album] {
        if let cachedAlbums { return cachedAlbums }
        let ordered = assetsByID.values.sorted(by: Self.newestFirst)
        var byFolder: [RawPath: [AssetID]] = [:]
        for asset in ordered {
            if case let .folder(folder) = asset.albumID { byFolder[folder, default: []].append(asset.id) }
        }
        var albums = [Album(id: .allPhotos, title: "All Photos", assetIDs: ordered.map(\.id))]
        let folders = byFolder.map { folder, ids in
            Album(id: .folder(folder), title: title(forFolder: folder), assetIDs: ids)
        }
        albums += folders.sorted { ($0.title, $0.id) < ($1.title, $1.id) }
        cachedAlbums = albums
        return albums
    }

    public func album(_ id: AlbumID) -> Album? { albums.first { $0.id == id } }

    /// The album whose title is `title` (as `--album` names it).
    public func album(titled title: String) -> Album? { albums.first { $0.title == title } }

    public func assets(in album: AlbumID) -> [Asset] {
        (self.album(album)?.assetIDs ?? []).compactMap { assetsByID[$0] }
    }

    /// A folder's album title: its path below its root, or the root's own name.
    /// With several roots, subfolders carry their root's name so titles stay unique.
    public func title(forFolder folder: RawPath) -> String {
        let root = roots.filter { folder.relative(to: $0) != nil }.max { $0.bytes.count < $1.bytes.count }
        guard let root, let below = folder.relative(to: root) else { return folder.description }
        if below.isEmpty { return root.lastComponent.isEmpty ? "/" : root.lastComponent }
        let relative = String(decoding: below, as: UTF8.self)
        return roots.count > 1 ? "\(root.lastComponent)/\(relative)" : relative
    }

    /// Newest first; equal dates fall back to the path so the order is stable.
    static func newestFirst(_ a: Asset, _ b: Asset) -> Bool {
        if a.dateSeconds != b.dateSeconds { return a.dateSeconds > b.dateSeconds }
        return a.path < b.path
    }
}
