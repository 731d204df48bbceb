import CMedia
import Foundation

/// Writes small HEIC files with libheif's own encoder, optionally with an Exif block, an XMP
/// packet and a container orientation (irot/imir), so HEIF metadata tests need no fixtures.
public enum HEIFWriter {
    public static var canEncode: Bool { _ = initialized; return heif_have_encoder_for_format(heif_compression_HEVC) != 0 }

    /// `orientation` is an EXIF-style value 1…8 that libheif turns into irot/imir boxes.
    public static func write(_ path: String, width: Int, height: Int, orientation: Int = 1,
                             exif: [UInt8]? = nil, xmp: String? = nil) throws {
        _ = initialized
        func check(_ e: heif_error, _ what: String) throws {
            guard e.code != heif_error_Ok else { return }
            throw FactoryError("\(what): \(e.message.map { String(cString: $0) } ?? "error \(e.code.rawValue)")")
        }
        guard let context = heif_context_alloc() else { throw FactoryError("heif_context_alloc failed") }
        defer { heif_context_free(context) }
        var image: OpaquePointer?
        try check(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image), "create")
        defer { heif_image_release(image) }
        try check(heif_image_add_plane(image, heif_channel_interleaved, Int32(width), Int32(height), 8), "add plane")
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride) else { throw FactoryError("no plane") }
        for y in 0..<height {
            for x in 0..<width {  // a light block top-left so orientation is visible
                let p = plane + y * Int(stride) + x * 3
                let marker: UInt8 = x < width / 2 && y < height / 2 ? 230 : 40
                (p[0], p[1], p[2]) = (marker, 90, 160)
            }
        }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder), "encoder")
        defer { heif_encoder_release(encoder) }
        _ = heif_encoder_set_lossy_quality(encoder, 80)
        guard let options = heif_encoding_options_alloc() else { throw FactoryError("options") }
        defer { heif_encoding_options_free(options) }
        options.pointee.image_orientation = heif_orientation(rawValue: UInt32(orientation))
        var handle: OpaquePointer?
        try check(heif_context_encode_image(context, image, encoder, options, &handle), "encode")
        defer { heif_image_handle_release(handle) }
        if let exif {
            try check(exif.withUnsafeBytes { heif_context_add_exif_metadata(context, handle, $0.baseAddress, Int32($0.count)) }, "exif")
        }
        if let xmp {
            let bytes = Array(xmp.utf8)
            try check(bytes.withUnsafeBytes { heif_context_add_XMP_metadata(context, handle, $0.baseAddress, Int32($0.count)) }, "xmp")
        }
        try check(heif_context_write_to_file(context, path), "write \(path)")
    }

    private static let initialized: Bool = { _ = heif_init(nil); return true }()
}
