/// The albums the library computes from what it knows about assets, in sidebar order.
public enum SmartAlbumKind: String, Sendable, Hashable, CaseIterable, Comparable {
    case allPhotos = "all_photos"
    case videos
    case screenshots
    case recentlyAdded = "recently_added"
    case favorites
    case panoramas

    /// The title as `--album` and `photopick albums` spell it: English, whatever the locale.
    public var title: String {
        switch self {
        case .allPhotos: return "All Photos"
        case .videos: return "Videos"
        case .screenshots: return "Screenshots"
        case .recentlyAdded: return "Recently Added"
        case .favorites: return "Favorites"
        case .panoramas: return "Panoramas"
        }
    }

    /// The title the sidebar shows, in the user's language.
    public var localizedTitle: String {
        switch self {
        case .allPhotos: return tr("All Photos")
        case .videos: return tr("Videos")
        case .screenshots: return tr("Screenshots")
        case .recentlyAdded: return tr("Recently Added")
        case .favorites: return tr("Favorites")
        case .panoramas: return tr("Panoramas")
        }
    }

    /// How far back Recently Added reaches.
    public static let recentInterval: Double = 30 * 86_400
    /// Favorites: a rating of at least this (of 5).
    public static let favoriteRating = 4

    public static func < (a: SmartAlbumKind, b: SmartAlbumKind) -> Bool { a.index < b.index }
    /// The place in sidebar order.
    var index: Int {
        switch self {
        case .allPhotos: return 0
        case .videos: return 1
        case .screenshots: return 2
        case .recentlyAdded: return 3
        case .favorites: return 4
        case .panoramas: return 5
        }
    }
}

/// Whether an album is computed or is a folder on disk.
public enum AlbumKind: Sendable, Hashable {
    case smart(SmartAlbumKind)
    case folder

    /// "smart" or "folder", as the JSON output names it.
    public var name: String {
        if case .smart = self { return "smart" }
        return "folder"
    }
}
