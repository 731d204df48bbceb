import Foundation
import PhotoPickCore

/// Gets a thumbnail for a file: from the shared cache when a valid one exists, else made
/// now and stored there for everyone: images decoded here (orientation applied; a camera
/// RAW's embedded JPEG: `RawPreview`), videos and other non-image types by their installed
/// thumbnailer (`ExternalThumbnailer`).
/// With a `writer` (the worker processes), what is made is stored by the writer's thread,
/// off the decode path; without one, before `thumbnail` returns. Thread-safe.
public struct ThumbnailService: Sendable {
    public enum Origin: Sendable, Equatable { case cache, made }

    public let cache: FreedesktopThumbnailCache
    private let decoder = ImageDecoder()
    public let external: ExternalThumbnailer
    public let writer: ThumbnailCacheWriter?

    public init(cache: FreedesktopThumbnailCache = .standard(), external: ExternalThumbnailer = ExternalThumbnailer(),
                writer: ThumbnailCacheWriter? = nil) {
        self.cache = cache
        self.external = external
        self.writer = writer
    }

    /// A service whose thumbnails are stored by a `ThumbnailCacheWriter` of its own (stop it,
    /// through `writer`, before the process ends).
    public static func writingInBackground(cache: FreedesktopThumbnailCache = .standard()) -> ThumbnailService {
        ThumbnailService(cache: cache, writer: ThumbnailCacheWriter(cache: cache))
    }

    /// Waits for this service's own write of `source`'s `size` thumbnail, if one is under way,
    /// so a request right after the one that made it finds it in the cache.
    private func awaitOwnWrite(_ source: ThumbnailSource, size: ThumbnailSize) {
        writer?.waitUntilWritten(cache.file(for: source, size: size))
    }

    /// A valid thumbnail of at least `size` already in the shared cache, scaled to fit
    /// `size.pixels`; nil when there is none (nothing is made).
    public func cached(_ path: RawPath, size: ThumbnailSize) -> DecodedImage? {
        guard let source = cache.source(for: path) else { return nil }
        awaitOwnWrite(source, size: size)
        return CachedThumbnailDecoder.decode(source, atLeast: size, in: cache, fitting: size.pixels)
    }

    /// A thumbnail whose longest side is at most `size.pixels`, and where it came from.
    public func thumbnail(_ path: RawPath, mimeType: String, size: ThumbnailSize) throws(MediaError) -> (DecodedImage, Origin) {
        guard let source = cache.source(for: path) else { throw .unreadable(path: path, reason: .error(nil)) }
        awaitOwnWrite(source, size: size)
        if let image = CachedThumbnailDecoder.decode(source, atLeast: size, in: cache, fitting: size.pixels) {
            return (image, .cache)
        }
        if cache.hasFailed(source) { throw .failedBefore(path: path) }
        let image: DecodedImage
        do {
            if !mimeType.hasPrefix("image/"), external.canThumbnail(mimeType) {
                image = try external.make(path, mimeType: mimeType, size: size)
            } else if CameraRaw.isRaw(mimeType) {
                image = try RawPreview.read(path, maxPixels: decoder.maxPixels).decode(fitting: size.pixels, path: path,
                                                                                      maxPixels: decoder.maxPixels)
            } else {
                image = try decoder.decode(path, fitting: size.pixels)
            }
        } catch {
            try? cache.recordFailure(source, mimeType: mimeType)
            throw error
        }
        if let writer {
            writer.enqueue(image, source: source, mimeType: mimeType, size: size)
            return (image, .made)
        }
        // A cache that cannot be written (read-only home, full disk) costs only the reuse.
        if let png = try? ThumbnailEncoder.png(of: image, source: source, mimeType: mimeType) {
            try? cache.store(png: png, for: source, size: size)
        }
        return (image, .made)
    }
}
