internal import CMedia
import Foundation

/// Fits a thumbnail to the tile that shows it. The shared cache holds size classes (128,
/// 256, 512 px); a 32-px album cover or a 100-px tile needs a fraction of that, and every
/// byte more is copied to the window, held as a texture, and converted on each frame by
/// GTK 4.8's cairo renderer.
enum ThumbnailScaler {
    /// `image` scaled down so its shorter side is `side`, as a fill-cropped square tile needs;
    /// never up, and left alone when within a quarter of it.
    static func fitting(tileSide side: Int, _ image: DecodedImage) -> DecodedImage {
        let shorter = min(image.width, image.height)
        guard side > 0, shorter * 4 > side * 5 else { return image }
        let scale = Double(side) / Double(shorter)
        let w = max(1, Int((Double(image.width) * scale).rounded()))
        let h = max(1, Int((Double(image.height) * scale).rounded()))
        let bytes = image.pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let source = gdk_pixbuf_new_from_bytes(bytes, GDK_COLORSPACE_RGB, image.hasAlpha ? 1 : 0, 8,
                                                     Int32(image.width), Int32(image.height), Int32(image.rowStride))
        else { return image }
        defer { g_object_unref(UnsafeMutableRawPointer(source)) }
        guard let scaled = gdk_pixbuf_scale_simple(source, Int32(w), Int32(h), GDK_INTERP_BILINEAR) else { return image }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        return ImageDecoder.copyPixels(scaled)
    }
}
