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
        // Only the square is kept, in a buffer of its own.
        let side = min(w, h), x0 = (w - side) / 2, y0 = (h - side) / 2
        guard let square = PixelBuffer(count: side * side * 4) else { return nil }
        pixels.withUnsafeBytes { all in
            for y in 0..<side {
                (square.base + y * side * 4).copyMemory(from: all.baseAddress! + (y0 + y) * stride + x0 * 4, byteCount: side * 4)
            }
        }
        return TextureFactory.texture(square, width: side, height: side, stride: side * 4)
    }
}
