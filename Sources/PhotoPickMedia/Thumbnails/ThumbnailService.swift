import Foundation
import PhotoPickCore

/// Gets a thumbnail for a file: from the shared cache when a valid one exists, else made
/// now and stored there for everyone: images decoded here (orientation applied), videos
/// and other non-image types by their installed thumbnailer (`ExternalThumbnailer`).
/// Thread-safe.
public struct ThumbnailService: Sendable {
    public enum Origin: Sendable, Equatable { case cache, made }

    public let cache: FreedesktopThumbnailCache
    private let decoder = ImageDecoder()
    public let external: ExternalThumbnailer

    public init(cache: FreedesktopThumbnailCache = .standard(), external: ExternalThumbnailer = ExternalThumbnailer()) {
        self.cache = cache
        self.external = external
    }

    /// A valid thumbnail of at least `size` already in the shared cache, scaled to fit
    /// `size.pixels`; nil when there is none (nothing is made).
    public func cached(_ path: RawPath, size: ThumbnailSize) -> DecodedImage? {
        guard let source = cache.source(for: path), let hit = cache.lookup(source, atLeast: size) else { return nil }
        return try? decoder.decode(RawPath(hit.path), fitting: size.pixels)
    }

    /// A thumbnail whose longest side is at most `size.pixels`, and where it came from.
    public func thumbnail(_ path: RawPath, mimeType: String, size: ThumbnailSize) throws -> (DecodedImage, Origin) {
        guard let source = cache.source(for: path) else { throw MediaError("\(path): no longer readable") }
        if let hit = cache.lookup(source, atLeast: size), let image = try? decoder.decode(RawPath(hit.path), fitting: size.pixels) {
            return (image, .cache)
        }
        if cache.hasFailed(source) { throw MediaError("\(path): could not be thumbnailed before") }
        let image: DecodedImage
        do {
            if !mimeType.hasPrefix("image/"), external.canThumbnail(mimeType) {
                image = try external.make(path, mimeType: mimeType, size: size)
            } else {
                image = try decoder.decode(path, fitting: size.pixels)
            }
        } catch {
            try? cache.recordFailure(source, mimeType: mimeType)
            throw error
        }
        // A cache that cannot be written (read-only home, full disk) costs only the reuse.
        if let png = try? ThumbnailEncoder.png(of: image, source: source, mimeType: mimeType) {
            try? cache.store(png: png, for: source, size: size)
        }
        return (image, .made)
    }
}
