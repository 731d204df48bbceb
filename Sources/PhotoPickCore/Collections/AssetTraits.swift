/// Yes/no facts about an asset, as bits so filters test them with one AND.
public struct AssetTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let photo = AssetTraits(rawValue: 1 << 0)
    public static let video = AssetTraits(rawValue: 1 << 1)
    public static let jpeg = AssetTraits(rawValue: 1 << 2)
    public static let png = AssetTraits(rawValue: 1 << 3)
    public static let heic = AssetTraits(rawValue: 1 << 4)
    public static let gif = AssetTraits(rawValue: 1 << 5)
    public static let screenshot = AssetTraits(rawValue: 1 << 6)
    public static let favorite = AssetTraits(rawValue: 1 << 7)
    public static let panorama = AssetTraits(rawValue: 1 << 8)
    /// A Motion Photo: a still with its video inside the file.
    public static let motion = AssetTraits(rawValue: 1 << 9)
    /// The still of a Live Photo, or of a RAW+JPEG pair (set by the library's `PairTable`).
    public static let live = AssetTraits(rawValue: 1 << 10)
    public static let rawPair = AssetTraits(rawValue: 1 << 11)
    /// The movie of a Live Photo or the RAW file of a RAW+JPEG: shown through its still, in
    /// no album of its own.
    public static let companion = AssetTraits(rawValue: 1 << 12)
    /// The traits the pairing decides, not the asset alone.
    public static let pairing: AssetTraits = [.live, .rawPair, .companion]

    public init(_ asset: Asset) {
        var t: AssetTraits = asset.kind == .video ? .video : .photo
        switch asset.mimeType {
        case "image/jpeg", "image/pjpeg": t.insert(.jpeg)
        case "image/png": t.insert(.png)
        case "image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence": t.insert(.heic)
        case "image/gif": t.insert(.gif)
        default: break
        }
        if asset.metadata.isScreenshot { t.insert(.screenshot) }
        if asset.kind == .photo, asset.metadata.motionVideo != nil { t.insert(.motion) }
        if let rating = asset.metadata.rating, rating >= SmartAlbumKind.favoriteRating { t.insert(.favorite) }
        // Panoramas: photos at least twice as wide as tall, as displayed.
        if asset.kind == .photo, let size = asset.metadata.displaySize, size.height > 0, size.width >= 2 * size.height {
            t.insert(.panorama)
        }
        self = t
    }
}
