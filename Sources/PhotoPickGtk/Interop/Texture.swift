import CGtk

/// Typed handles over GDK objects (textures, content providers).
enum Gdk {
    /// A GdkTexture with one reference of its own, given back when the value goes: a cache
    /// entry, a delivered thumbnail or a decoded preview holds the texture exactly as long as
    /// it holds this object. Widgets that show it take references of their own.
    // Safe: immutable (a GdkTexture never changes), and g_object_unref is thread-safe.
    final class Texture: Equatable, @unchecked Sendable {
        let object: OpaquePointer

        /// Takes over a reference the caller owns (a `…_new` result).
        private init(adopting object: OpaquePointer) { self.object = object }

        deinit { g_object_unref(UnsafeMutableRawPointer(object)) }

        /// A texture over `buffer`'s pixels in `format`, without a copy: the buffer lives as
        /// long as the texture does. Nil when the sizes do not fit the buffer.
        static func memory(_ buffer: PixelBuffer, width: Int, height: Int, stride: Int,
                           format: GdkMemoryFormat) -> Texture? {
            guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max), stride >= width * 4,
                  buffer.count >= (height - 1) * stride + width * 4 else { return nil }
            let bytes = buffer.bytes()
            defer { g_bytes_unref(bytes) }
            return gdk_memory_texture_new(Int32(width), Int32(height), format, bytes, gsize(stride)).map(Texture.init(adopting:))
        }

        var width: Int { Int(gdk_texture_get_width(object)) }
        var height: Int { Int(gdk_texture_get_height(object)) }

        /// The pixels as cairo's ARGB32 (premultiplied, native byte order), `width * 4` bytes a row.
        func download() -> [UInt8] {
            let stride = width * 4
            var pixels = [UInt8](repeating: 0, count: stride * height)
            pixels.withUnsafeMutableBufferPointer { gdk_texture_download(object, $0.baseAddress, gsize(stride)) }
            return pixels
        }

        /// The same GdkTexture (not merely equal pixels).
        static func == (a: Texture, b: Texture) -> Bool { a.object == b.object }
    }
}
