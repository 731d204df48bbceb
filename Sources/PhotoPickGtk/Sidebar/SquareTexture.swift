import CGtk
import Foundation

/// The middle square of a texture, as a new texture. Covers and tray items are small squares,
/// and a GtkPicture asks for its paintable's aspect ratio: a 4:3 thumbnail would widen its
/// row. Cropping the pixels (a few kB at this size) keeps every square the same.
enum SquareTexture {
    /// A new reference, or nil when the texture is square already (use it as it is).
    static func crop(_ texture: OpaquePointer) -> OpaquePointer? {
        let w = Int(gdk_texture_get_width(texture)), h = Int(gdk_texture_get_height(texture))
        guard w != h, w > 0, h > 0 else { return nil }
        let stride = w * 4
        var pixels = [UInt8](repeating: 0, count: stride * h)
        // Cairo's ARGB32: premultiplied, in native byte order (B, G, R, A on little-endian).
        pixels.withUnsafeMutableBytes { gdk_texture_download(texture, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), gsize(stride)) }
        let side = min(w, h), x0 = (w - side) / 2, y0 = (h - side) / 2
        let bytes = pixels.withUnsafeBytes { all in
            g_bytes_new(all.baseAddress! + y0 * stride + x0 * 4, gsize((side - 1) * stride + side * 4))
        }
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(Int32(side), Int32(side), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(stride))
    }
}
