/// Identifies an album: smart albums by their kind, folder albums by their folder.
/// Cases rather than `.smart(kind)` so `.allPhotos` reads as before and has one spelling.
public enum AlbumID: Hashable, Sendable, Comparable {
    case allPhotos
    case videos
    case screenshots
    case recentlyAdded
    case favorites
    case panoramas
    case folder(RawPath)

    public init(_ kind: SmartAlbumKind) {
        switch kind {
        case .allPhotos: self = .allPhotos
        case .videos: self = .videos
        case .screenshots: self = .screenshots
        case .recentlyAdded: self = .recentlyAdded
        case .favorites: self = .favorites
        case .panoramas: self = .panoramas
        }
    }

    /// The smart kind, or nil for a folder album.
    public var smartKind: SmartAlbumKind? {
        switch self {
        case .allPhotos: return .allPhotos
        case .videos: return .videos
        case .screenshots: return .screenshots
        case .recentlyAdded: return .recentlyAdded
        case .favorites: return .favorites
        case .panoramas: return .panoramas
        case .folder: return nil
        }
    }

    public var folder: RawPath? {
        if case .folder(let path) = self { return path }
        return nil
    }

    public var kind: AlbumKind { smartKind.map(AlbumKind.smart) ?? .folder }

    /// Smart albums first in sidebar order, then folders by path.
    public static func < (a: AlbumID, b: AlbumID) -> Bool {
        switch (a.smartKind, b.smartKind) {
        case let (x?, y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a.folder! < b.folder!
        }
    }
}

/// An album as the sidebar and `photopick albums` show it (PhotoKit's PHAssetCollection).
public struct Album: Sendable, Hashable, Identifiable {
    public let id: AlbumID
    /// Unique within a library: what `--album` takes. For folders, the path below the root.
    public let title: String
    /// The assets in the album, newest first.
    public let assetIDs: [AssetID]
    /// The nearest enclosing folder album (folders only): the sidebar indents under it.
    public let parent: AlbumID?
    /// How many folder albums enclose this one; 0 for smart and top-level folder albums.
    public let depth: Int
    /// The title below the parent album ("Trip" under "2024"); the title without a parent.
    public let shortTitle: String

    public init(id: AlbumID, title: String, assetIDs: [AssetID],
                parent: AlbumID? = nil, depth: Int = 0, shortTitle: String? = nil) {
        self.id = id
        self.title = title
        self.assetIDs = assetIDs
        self.parent = parent
        self.depth = depth
        self.shortTitle = shortTitle ?? title
    }

    public var kind: AlbumKind { id.kind }
    /// What the sidebar shows: a smart album's title in the user's language (`title` stays
    /// English: `--album` and `photopick albums` use it), a folder's name as it is.
    public var displayTitle: String { id.smartKind?.localizedTitle ?? title }
    public var displayShortTitle: String { id.smartKind?.localizedTitle ?? shortTitle }
    public var count: Int { assetIDs.count }
    /// The cover: the newest asset.
    public var posterID: AssetID? { assetIDs.first }

    /// The same album narrowed to `ids` (kept in album order by the caller), optionally
    /// re-hung in the tree; the short title follows the new parent.
    public func with(assetIDs ids: [AssetID], parent newParent: AlbumID?? = nil, depth newDepth: Int? = nil) -> Album {
        let parent = newParent ?? self.parent
        var short = shortTitle
        if parent != self.parent, let folder = id.folder {
            short = parent?.folder.flatMap { folder.relative(to: $0) }.map { String(decoding: $0, as: UTF8.self) } ?? title
        }
        return Album(id: id, title: title, assetIDs: ids, parent: parent, depth: newDepth ?? depth, shortTitle: short)
    }
}
