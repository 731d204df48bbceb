import Foundation
import PhotoPickCore

/// Gets a thumbnail for a file: from the shared cache when a valid one exists, else made
/// now (decoded, orientation applied) and stored there for everyone. Thread-safe.
public struct ThumbnailService: Sendable {
    public enum Origin: Sendable, Equatable { case cache, made }

    public let cache: FreedesktopThumbnailCache
    private let decoder = ImageDecoder()

    public init(cache: FreedesktopThumbnailCache = .standard()) {
        self.cache = cache
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
            image = try decoder.decode(path, fitting: size.pixels)
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
