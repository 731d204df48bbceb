/// The freedesktop Thumbnail Managing Standard's sizes, by folder name.
public enum ThumbnailSize: String, Sendable, CaseIterable, Comparable {
    case normal, large
    case xLarge = "x-large"
    case xxLarge = "xx-large"

    /// The longest side of a thumbnail of this size.
    public var pixels: Int {
        switch self {
        case .normal: return 128
        case .large: return 256
        case .xLarge: return 512
        case .xxLarge: return 1024
        }
    }

    /// The smallest size whose thumbnails cover a tile `side` device pixels wide: a square
    /// tile fill-crops the thumbnail, so its shorter side (about ¾ of the longest for
    /// photos) must reach `side`.
    public static func covering(tileSide side: Int) -> ThumbnailSize {
        allCases.first { $0.pixels * 3 / 4 >= side } ?? .xxLarge
    }

    public static func < (a: ThumbnailSize, b: ThumbnailSize) -> Bool { a.pixels < b.pixels }
}
