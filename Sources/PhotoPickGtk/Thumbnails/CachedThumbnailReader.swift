import Foundation
import PhotoPickCore
import PhotoPickMedia

/// Reads thumbnails that are already in the shared cache, in this process, off the main
/// thread: a valid cached thumbnail is a small PNG, so it needs no worker round trip and
/// should not wait behind decodes that do. Only what the standard calls valid is read (its
/// URI and MTime match the file), and only a PNG no larger than its cache size says
/// (the decoder checks the header before any pixel), so a damaged or planted cache file
/// cannot make this process decode something big. The reads block on the disk, so they run
/// on threads of their own (`ReadThreads`), not in Swift's cooperative pool.
final class CachedThumbnailReader: Sendable {
    private let cache: FreedesktopThumbnailCache
    private let threads: ReadThreads

    /// `threads` reads at once; with one, in the order asked for.
    init(cache: FreedesktopThumbnailCache = .standard(), threads: Int = 1) {
        self.cache = cache
        self.threads = ReadThreads(count: threads)
    }

    /// Reads `path`'s thumbnail of at least `size`, scaled to fit it and in GTK's format,
    /// and hands it (nil when there is none) to `done` on the main thread.
    func read(_ path: RawPath, size: ThumbnailSize, isVideo: Bool,
              done: @escaping @MainActor @Sendable (TextureFactory.NativePixels?) -> Void) {
        let cache = self.cache
        threads.run {
            let image = cache.source(for: path).flatMap {
                CachedThumbnailDecoder.decode($0, atLeast: size, in: cache, fitting: size.pixels)
            }
            let pixels = image.map { TextureFactory.native($0, isVideo: isVideo) }
            MainQueueBridge.post { done(pixels) }
        }
    }

    /// Reads `path`'s thumbnail for a tile `tileSide` device pixels wide, fitted to it, and
    /// hands it (nil when there is none) to `done` on the read's thread: a miss can go on to
    /// a worker from there, not through a main thread that may be busy with a scan batch.
    func readTile(_ path: RawPath, tileSide: Int, isVideo: Bool,
                  done: @escaping @Sendable (TextureFactory.NativePixels?) -> Void) {
        let cache = self.cache
        threads.run {
            done(CachedThumbnailDecoder.tile(path, tileSide: tileSide, in: cache).map { TextureFactory.native($0, isVideo: isVideo) })
        }
    }
}
