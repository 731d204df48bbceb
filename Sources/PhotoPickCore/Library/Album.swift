/// Identifies an album: smart albums by their kind, folder albums by their folder.
public enum AlbumID: Hashable, Sendable, Comparable {
    case allPhotos
    case folder(RawPath)

    public static func < (a: AlbumID, b: AlbumID) -> Bool {
        switch (a, b) {
        case (.allPhotos, .allPhotos): return false
        case (.allPhotos, _): return true
        case (_, .allPhotos): return false
        case let (.folder(x), .folder(y)): return x < y
        }
    }
}

/// An album as the sidebar and `photopick albums` show it.
public struct Album: Sendable, Hashable, Identifiable {
    public let id: AlbumID
    public let title: String
    /// The assets in the album, newest first.
    public let assetIDs: [AssetID]

    public init(id: AlbumID, title: String, assetIDs: [AssetID]) {
        self.id = id
        self.title = title
        self.assetIDs = assetIDs
    }

    public var count: Int { assetIDs.count }
}
