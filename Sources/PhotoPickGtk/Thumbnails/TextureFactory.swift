import CGtk
import Foundation
import PhotoPickCore
import PhotoPickMedia

/// Turns decoded pixels into GdkTextures in GTK's default memory format (cairo's ARGB32:
/// premultiplied B, G, R, A in memory on little-endian machines), converted and premultiplied
/// once here, off the main thread when the loader's worker replies arrive.
///
/// What this does not save: GTK 4.8's cairo renderer (Xvfb, no GL) draws a texture node by
/// downloading the texture into a new ARGB32 surface on every frame it is drawn in
/// (`gdk_texture_download_surface`), and 4.8.3's `gdk_memory_convert` has no shortcut for a
/// texture already in that format: it goes through floats like any other (later GTK copies
/// it). Measured on this machine (loaded), one 256×256 download: this format 1953–4343 µs,
/// straight RGBA 2692 µs, while packed RGB (R8G8B8, B8G8R8), which 4.8.3 converts byte by
/// byte, took 110–576 µs (memcpy of the same pixels: 14–67 µs). Under the GL renderer the
/// texture is uploaded once and this format costs nothing per frame.
enum TextureFactory {
    /// Pixels laid out as GTK's default memory format, ready to become a texture: written
    /// once, off the main thread, into the buffer the texture will keep (no copy on the way).
    struct NativePixels: Sendable {
        let width: Int
        let height: Int
        /// Nil when no memory could be had for them: no texture is made.
        let buffer: PixelBuffer?

        var byteCount: Int { buffer?.count ?? 0 }
    }

    #if _endian(little)
    private static let format = GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
    private static let order = (r: 2, g: 1, b: 0, a: 3)
    #else
    private static let format = GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
    private static let order = (r: 1, g: 2, b: 3, a: 0)
    #endif

    /// Converts (premultiplying alpha) into a buffer of its own; runs on any thread. A video's
    /// thumbnail leaves out the film-strip border its thumbnailer may have drawn (`FilmStripBorder`).
    nonisolated static func native(_ image: DecodedImage, isVideo: Bool = false) -> NativePixels {
        let needed = (image.height - 1) * image.rowStride + image.width * image.channels
        guard image.width > 0, image.height > 0, image.pixels.count >= needed else {
            return NativePixels(width: image.width, height: image.height, buffer: nil)
        }
        return image.pixels.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            let channels = image.channels
            let band = isVideo
                ? FilmStripBorder.width(of: .init(bytes: source, width: image.width, height: image.height,
                                                  rowStride: image.rowStride, channels: channels))
                : 0
            let width = image.width - 2 * band
            guard width > 0, let buffer = PixelBuffer(count: width * image.height * 4) else {
                return NativePixels(width: width, height: image.height, buffer: nil)
            }
            let o = order
            let dest = buffer.base.assumingMemoryBound(to: UInt8.self)
            for y in 0..<image.height {
                let row = source.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * image.rowStride + band * channels
                var d = y * width * 4
                for x in 0..<width {
                    let p = row + x * channels
                    if channels == 4 {
                        let a = UInt16(p[3])
                        dest[d + o.r] = UInt8((UInt16(p[0]) * a + 127) / 255)
                        dest[d + o.g] = UInt8((UInt16(p[1]) * a + 127) / 255)
                        dest[d + o.b] = UInt8((UInt16(p[2]) * a + 127) / 255)
                        dest[d + o.a] = p[3]
                    } else {
                        dest[d + o.r] = p[0]
                        dest[d + o.g] = p[1]
                        dest[d + o.b] = p[2]
                        dest[d + o.a] = 255
                    }
                    d += 4
                }
            }
            return NativePixels(width: width, height: image.height, buffer: buffer)
        }
    }

    /// A texture over `pixels`' own buffer; the buffer lives as long as the texture.
    static func texture(from pixels: NativePixels) -> Gdk.Texture? {
        guard let buffer = pixels.buffer else { return nil }
        return texture(buffer, width: pixels.width, height: pixels.height, stride: pixels.width * 4)
    }

    /// A texture over `buffer`, in GTK's default memory format.
    static func texture(_ buffer: PixelBuffer, width: Int, height: Int, stride: Int) -> Gdk.Texture? {
        Gdk.Texture.memory(buffer, width: width, height: height, stride: stride, format: format)
    }

    static func texture(from image: DecodedImage) -> Gdk.Texture? { texture(from: native(image)) }
}
