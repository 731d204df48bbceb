internal import CMedia
import Foundation
import PhotoPickCore

/// The small preview most camera JPEGs (and many RAW/TIFF files) carry in their EXIF,
/// read with gexiv2: a first pass that shows at once while the real thumbnail is made,
/// like PhotoKit's degraded-then-final delivery.
public enum EmbeddedPreview {
    /// The smallest embedded preview whose shorter side reaches `minSide / 2` (it is only a
    /// first pass), else the largest there is (a blurry tile beats an empty one for the
    /// moment the real thumbnail takes), scaled so its shorter side is at most `minSide`,
    /// oriented as the photo.
    public static func extract(_ path: RawPath, minSide: Int) -> DecodedImage? {
        ExifSupport.initialize()
        guard let metadata = gexiv2_metadata_new() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(metadata)) }
        var error: UnsafeMutablePointer<GError>?
        guard path.withCString({ gexiv2_metadata_open_path(metadata, $0, &error) }) != 0 else {
            if let error { g_error_free(error) }
            return nil
        }
        guard let list = gexiv2_metadata_get_preview_properties(metadata) else { return nil }
        var best: (props: UnsafeMutablePointer<GExiv2PreviewProperties>, side: Int)?
        var i = 0
        while let props = list[i] {
            let side = Int(min(gexiv2_preview_properties_get_width(props), gexiv2_preview_properties_get_height(props)))
            let mime = gexiv2_preview_properties_get_mime_type(props).map { String(cString: $0) } ?? ""
            if mime == "image/jpeg", let current = best {
                let reaches = side * 2 >= minSide, currentReaches = current.side * 2 >= minSide
                if reaches ? (!currentReaches || side < current.side) : (!currentReaches && side > current.side) {
                    best = (props, side)
                }
            } else if mime == "image/jpeg" {
                best = (props, side)
            }
            i += 1
        }
        guard let best else { return nil }
        guard let preview = gexiv2_metadata_try_get_preview_image(metadata, best.props, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(preview)) }
        var size: guint32 = 0
        guard let data = gexiv2_preview_image_get_data(preview, &size), size > 0 else { return nil }
        let orientation = gexiv2_metadata_try_get_orientation(metadata, &error).rawValue
        if let error { g_error_free(error) }
        return decodeJPEG(data, count: Int(size), minSide: minSide, orientation: Int(orientation), path: path)
    }

    /// Preview bytes decoded, scaled so the shorter side is at most `minSide` and turned by
    /// `orientation` (the photo's: 2…8; anything else leaves it as stored). TurboJPEG first, at
    /// a DCT scale: a RAW's only preview may be its full-size one, which gdk-pixbuf's loader
    /// decodes whole (measured: 1 s a 24 MP preview, against 0.25 s); gdk-pixbuf takes what
    /// TurboJPEG declines. `path` names the file, for the errors.
    static func decodeJPEG(_ data: UnsafePointer<guint8>, count: Int, minSide: Int, orientation: Int, path: RawPath) -> DecodedImage? {
        // The preview is as untrusted as the file: refused unless its frame header is within the pixel cap.
        let bytes = UnsafeBufferPointer(start: data, count: count)
        guard let size = JPEGFrameHeader.size(bytes), size.width * size.height <= ImageDecoder.configuredMaxPixels else { return nil }
        let covering = { (w: Int, h: Int) -> (width: Int, height: Int) in
            let scale = min(1.0, Double(minSide) / Double(min(w, h)))
            return (max(1, Int(Double(w) * scale)), max(1, Int(Double(h) * scale)))
        }
        if let image = try? TurboJPEGDecoder.decode(bytes, path: path, maxPixels: ImageDecoder.configuredMaxPixels,
                                                    orientation: (2...8).contains(orientation) ? orientation : 1, target: covering) {
            return image
        }
        guard let loader = gdk_pixbuf_loader_new_with_type("jpeg", nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var error: UnsafeMutablePointer<GError>?
        let wrote = gdk_pixbuf_loader_write(loader, data, gsize(count), &error)
        if let e = error { g_error_free(e); error = nil }
        let closed = gdk_pixbuf_loader_close(loader, &error)  // always close, even after a failed write
        if let error { g_error_free(error) }
        guard wrote != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        // The preview's own EXIF, if it has any, does not decide: lend it the photo's
        // orientation and let gdk-pixbuf apply it exactly as it does for the full image.
        _ = gdk_pixbuf_remove_option(pixbuf, "orientation")
        if (2...8).contains(orientation) { gdk_pixbuf_set_option(pixbuf, "orientation", String(orientation)) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(pixbuf) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        let w = Int(gdk_pixbuf_get_width(upright)), h = Int(gdk_pixbuf_get_height(upright))
        let scale = min(1.0, Double(minSide) / Double(min(w, h)))
        guard scale < 1 else { return ImageDecoder.copyPixels(upright) }
        guard let scaled = gdk_pixbuf_scale_simple(upright, Int32(max(1, Int(Double(w) * scale))),
                                                   Int32(max(1, Int(Double(h) * scale))), GDK_INTERP_BILINEAR)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
        return ImageDecoder.copyPixels(scaled)
    }
}

/// gexiv2 must be initialised once before it is used from several threads.
enum ExifSupport {
    private static let done: Bool = { gexiv2_initialize() != 0 }()
    static func initialize() { _ = done }
}
