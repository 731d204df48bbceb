import PhotoPickCore
import PhotoPickMedia

/// A private thumbnail cache (`cacheHome/thumbnails`) filled as an earlier session (or GNOME)
/// would have left it, for tests of a warm start.
public enum WarmThumbnailCache {
    public static func fill(_ paths: [String], cacheHome: String, sizes: [ThumbnailSize] = [.normal, .large]) throws {
        let service = ThumbnailService(cache: FreedesktopThumbnailCache(root: cacheHome + "/thumbnails"))
        for path in paths {
            for size in sizes { _ = try service.thumbnail(RawPath(path), mimeType: "image/jpeg", size: size) }
        }
    }
}
