import CGtk
import Foundation
import PhotoPickCore
import PhotoPickMedia

/// Turns decoded pixels into GdkTextures in GTK's own memory format.
///
/// GTK 4.8's cairo renderer draws a texture by downloading it as cairo's ARGB32 (premultiplied
/// B, G, R, A in memory on little-endian machines). A texture in any other format is converted
/// through floats on every frame it is drawn in: with RGB thumbnails that conversion was a
/// third of the main thread while the grid was on screen. Converted once here instead, off
/// the main thread when the loader's worker replies arrive.
enum TextureFactory {
    /// Pixels laid out as GTK's default memory format, ready to become a texture.
    struct NativePixels: Sendable {
        let width: Int
        let height: Int
        let bytes: [UInt8]
    }

    #if _endian(little)
    private static let format = GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
    private static let order = (r: 2, g: 1, b: 0, a: 3)
    #else
    private static let format = GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
    private static let order = (r: 1, g: 2, b: 3, a: 0)
    #endif

    /// Converts (premultiplying alpha); runs on any thread. A video's thumbnail leaves out the
    /// film-strip border its thumbnailer may have drawn (`FilmStripBorder`).
    nonisolated static func native(_ image: DecodedImage, isVideo: Bool = false) -> NativePixels {
        image.pixels.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            let channels = image.channels
            let band = isVideo
                ? FilmStripBorder.width(of: .init(bytes: source, width: image.width, height: image.height,
                                                  rowStride: image.rowStride, channels: channels))
                : 0
            let width = image.width - 2 * band
            var out = [UInt8](repeating: 255, count: width * image.height * 4)
            let o = order
            out.withUnsafeMutableBufferPointer { dest in
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
                        }
                        d += 4
                    }
                }
            }
            return NativePixels(width: width, height: image.height, bytes: out)
        }
    }

    /// A texture (a new reference the caller owns).
    static func texture(from pixels: NativePixels) -> OpaquePointer? {
        guard pixels.width > 0, pixels.height > 0 else { return nil }
        let bytes = pixels.bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(Int32(pixels.width), Int32(pixels.height), format, bytes, gsize(pixels.width * 4))
    }

    static func texture(from image: DecodedImage) -> OpaquePointer? { texture(from: native(image)) }
}
