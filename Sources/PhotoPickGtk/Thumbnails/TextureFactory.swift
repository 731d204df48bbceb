import CGtk
import Foundation
import PhotoPickMedia

/// Turns decoded pixels into a GdkTexture (a new reference the caller owns).
enum TextureFactory {
    static func texture(from image: DecodedImage) -> OpaquePointer? {
        let bytes = image.pixels.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        let format = image.hasAlpha ? GDK_MEMORY_R8G8B8A8 : GDK_MEMORY_R8G8B8
        guard let texture = gdk_memory_texture_new(Int32(image.width), Int32(image.height), format, bytes, gsize(image.rowStride))
        else { return nil }
        return texture
    }
}
