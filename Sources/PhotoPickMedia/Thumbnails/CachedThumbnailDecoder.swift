internal import CMedia
import Foundation
import PhotoPickCore
import PhotoPickSystem

/// Reads a thumbnail the shared cache holds for a file: the PNG the cache calls valid
/// (`FreedesktopThumbnailCache.valid`: one open and one read, complete, its keys describing
/// the file as it is now), checked in its header to be no larger than its cache size allows
/// before any pixel, then decoded from memory by gdk-pixbuf's PNG loader.
///
/// A cache hit is on the path of every tile of a warm first screen. Decoding it as any image
/// (`ImageDecoder`) opened the file three more times after the validity check: TurboJPEG's
/// probe, gdk-pixbuf's header read and its decode.
public enum CachedThumbnailDecoder {
    /// The decoded thumbnail of `source` of at least `size`, scaled to fit `fitting` pixels
    /// (never upscaled); nil when the cache has no valid one.
    public static func decode(_ source: ThumbnailSource, atLeast size: ThumbnailSize,
                              in cache: FreedesktopThumbnailCache, fitting: Int) -> DecodedImage? {
        guard let hit = cache.valid(source, atLeast: size) else { return nil }
        return decode(hit.bytes, maxSide: hit.size.pixels, fitting: fitting)
    }

    /// What a worker's quick pass finds in the cache, read in the calling process: the cached
    /// thumbnail of `path` for a tile `tileSide` device pixels wide, fitted to it.
    public static func tile(_ path: RawPath, tileSide: Int, in cache: FreedesktopThumbnailCache) -> DecodedImage? {
        let size = ThumbnailSize.covering(tileSide: tileSide)
        guard let source = cache.source(for: path),
              let image = decode(source, atLeast: size, in: cache, fitting: size.pixels) else { return nil }
        return ThumbnailScaler.fitting(tileSide: tileSide, image)
    }

    /// The PNG's width and height from its header (IHDR, the first chunk); nil for anything else.
    static func headerSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes[0..<8].elementsEqual(PNGTextChunks.signature),
              bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Decodes PNG `bytes` whose sides are at most `maxSide` (else nil, before any pixel),
    /// scaled to fit `fitting` pixels.
    static func decode(_ bytes: [UInt8], maxSide: Int, fitting: Int) -> DecodedImage? {
        guard let (w, h) = headerSize(bytes), w > 0, h > 0, w <= maxSide, h <= maxSide,
              let loader = gdk_pixbuf_loader_new_with_type("png", nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let written = bytes.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), nil) }
        // Closed either way (a loader must be closed before it goes); an error or a short file fails.
        guard gdk_pixbuf_loader_close(loader, nil) != 0, written != 0,
              let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader),  // the loader's reference
              Int(gdk_pixbuf_get_width(pixbuf)) == w, Int(gdk_pixbuf_get_height(pixbuf)) == h else { return nil }
        let scale = min(1.0, Double(fitting) / Double(max(w, h)))
        guard scale < 1 else { return ImageDecoder.copyPixels(pixbuf) }
        let sw = max(1, Int((Double(w) * scale).rounded())), sh = max(1, Int((Double(h) * scale).rounded()))
        guard let scaled = gdk_pixbuf_scale_simple(pixbuf, Int32(sw), Int32(sh), GDK_INTERP_BILINEAR) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        return ImageDecoder.copyPixels(scaled)
    }
}
