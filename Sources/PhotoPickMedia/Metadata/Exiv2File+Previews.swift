internal import CMedia

extension Exiv2File {
    /// The bytes of the largest JPEG among the file's embedded previews (exiv2's preview
    /// images: a TIFF RAW's sub-IFDs and IFD1, maker notes' previews, a CR3's PRVW, a RAF's
    /// JPEG), with the size exiv2 read from it; nil when there is none, or it is over
    /// `maxBytes`. exiv2 has dropped previews it could not read a size from; the bytes are
    /// still as untrusted as the file.
    /// A JPEG's sides are 16-bit: a claimed preview larger than that is not one.
    static let maxJPEGSide: UInt64 = 65_535

    func largestJPEGPreview(maxBytes: Int) -> (bytes: [UInt8], width: Int, height: Int)? {
        guard let list = gexiv2_metadata_get_preview_properties(handle) else { return nil }
        var best: (props: UnsafeMutablePointer<GExiv2PreviewProperties>, pixels: UInt64)?
        var i = 0
        while let props = list[i] {
            i += 1
            guard gexiv2_preview_properties_get_mime_type(props).map({ String(cString: $0) }) == "image/jpeg" else { continue }
            // The sides are the file's claim (an XMP thumbnail's are its text): two 32-bit
            // values, multiplied where they cannot overflow, and a side past JPEG's own
            // limit is no preview to choose.
            let width = UInt64(gexiv2_preview_properties_get_width(props)), height = UInt64(gexiv2_preview_properties_get_height(props))
            guard width <= Self.maxJPEGSide, height <= Self.maxJPEGSide else { continue }
            let pixels = width * height
            if pixels > best?.pixels ?? 0 { best = (props, pixels) }
        }
        guard let best, Int(gexiv2_preview_properties_get_size(best.props)) <= maxBytes else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let preview = gexiv2_metadata_try_get_preview_image(handle, best.props, &error) else {
            g_clear_error(&error)
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(preview)) }
        var size: guint32 = 0
        guard let data = gexiv2_preview_image_get_data(preview, &size), size > 0, Int(size) <= maxBytes else { return nil }
        return (Array(UnsafeBufferPointer(start: data, count: Int(size))),
                Int(gexiv2_preview_image_get_width(preview)), Int(gexiv2_preview_image_get_height(preview)))
    }
}
