internal import CVips
import PhotoPickCore
import PhotoPickMedia

/// A photo the grid shows but libvips cannot load in this worker — BMP, TGA, XPM, XBM, ICO…:
/// the worker loads no ImageMagick module (`VipsLibrary`), and gdk-pixbuf has loaders of
/// its own for them. Decoded as the grid decodes it (`ImageDecoder`: gdk-pixbuf, which goes
/// by the file's name as well as its bytes, since an XBM is C source; the same pixel cap;
/// upright), whole, into a libvips image in memory that is resized and encoded as any other.
enum PixbufDecoding {
    /// The `vips-loader` the image is marked with, so the export knows it is decoded already.
    static let loader = "gdkpixbuf"

    /// nil when gdk-pixbuf cannot read `path` either.
    static func image(_ path: RawPath, maxPixels: Int) throws(MediaError) -> UnsafeMutablePointer<VipsImage>? {
        let decoder = ImageDecoder(maxPixels: maxPixels, jpegPath: .gdkPixbuf)
        guard let (width, height) = decoder.size(of: path) else { return nil }
        guard width * height <= maxPixels else { throw .tooLarge(path: path, width: width, height: height, limit: .cap(maxPixels)) }
        let decoded = try decoder.decode(path, fitting: Int(Int32.max))
        // One copy into libvips; `decoded` (gdk-pixbuf's pixels, rows made tight) goes at return.
        guard let image = decoded.pixels.withUnsafeBytes({
            vips_image_new_from_memory_copy($0.baseAddress, $0.count, Int32(decoded.width), Int32(decoded.height),
                                            Int32(decoded.channels), VIPS_FORMAT_UCHAR)
        }) else { throw VipsLibrary.takeError(.decode, path) }
        vips_image_set_string(image, "vips-loader", loader)
        return image
    }
}
