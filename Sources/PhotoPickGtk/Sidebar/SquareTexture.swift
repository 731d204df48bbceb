import Foundation

/// The middle square of a texture, as a new texture. Covers and tray items are small squares,
/// and a GtkPicture asks for its paintable's aspect ratio: a 4:3 thumbnail would widen its
/// row. Cropping the pixels (a few kB at this size) keeps every square the same.
enum SquareTexture {
    /// A new texture, or nil when the texture is square already (use it as it is).
    static func crop(_ texture: Gdk.Texture) -> Gdk.Texture? {
        let w = texture.width, h = texture.height
        guard w != h, w > 0, h > 0 else { return nil }
        let stride = w * 4
        // Cairo's ARGB32: premultiplied, in native byte order (B, G, R, A on little-endian).
        let pixels = texture.download()
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
