import PhotoPickCore
import PhotoPickMedia

/// Reads thumbnails that are already in the shared cache, in this process, off the main
/// thread: a valid cached thumbnail is a small PNG, so it needs no worker round trip and
/// should not wait behind decodes that do. Only what the standard calls valid is read (its
/// URI and MTime match the file), and only a PNG no larger than its cache size says
/// (the decoder checks the header before any pixel), so a damaged or planted cache file
/// cannot make this process decode something big.
final class CachedThumbnailReader: Sendable {
    private let cache: FreedesktopThumbnailCache
    /// One read at a time: small PNGs, read in the order asked for.
    private let lane = SerialLane(priority: .userInitiated)

    init(cache: FreedesktopThumbnailCache = .standard()) { self.cache = cache }

    /// Reads `path`'s thumbnail of at least `size`, scaled to fit it and in GTK's format,
    /// and hands it (nil when there is none) to `done` on the main thread, in request order.
    func read(_ path: RawPath, size: ThumbnailSize, isVideo: Bool,
              done: @escaping @MainActor @Sendable (TextureFactory.NativePixels?) -> Void) {
        let cache = self.cache
        lane.run {
            let image = cache.source(for: path).flatMap {
                CachedThumbnailDecoder.decode($0, atLeast: size, in: cache, fitting: size.pixels)
            }
            let pixels = image.map { TextureFactory.native($0, isVideo: isVideo) }
            MainQueueBridge.post { done(pixels) }
        }
    }
}
