internal import CMedia
internal import CVips
import PhotoPickCore
import PhotoPickMedia

/// A HEIF or AVIF decoded by libheif itself (irot/imir applied) into a libvips image in
/// memory, for the files libvips 8.14's own HEIF loader fails on: some rotated images, whose
/// `ispe` size is the one before rotation ("bad image dimensions on decode"). The whole image
/// is decoded once, as any HEIF decode is; libvips then resizes and encodes it as usual.
enum HEIFDecoding {
    /// `path` names the file for libheif (the worker's /proc/self/fd/N); `original` is the photo's own path.
    static func image(_ path: String, original: RawPath) throws(MediaError) -> (image: UnsafeMutablePointer<VipsImage>, hasProfile: Bool) {
        _ = started
        guard let context = heif_context_alloc() else { throw .libraryUnavailable(name: "libheif") }
        defer { heif_context_free(context) }
        try check(heif_context_read_from_file(context, path, nil), original)
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle), original)
        defer { heif_image_handle_release(handle) }
        let alpha = heif_image_handle_has_alpha_channel(handle) != 0
        var decoded: OpaquePointer?
        try check(heif_decode_image(handle, &decoded, heif_colorspace_RGB,
                                    alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, nil), original)
        defer { heif_image_release(decoded) }
        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride) else {
            throw .failed(path: original, step: .decode, reason: "libheif gave no pixels")
        }
        let bands = alpha ? 4 : 3, row = width * bands
        var pixels = [UInt8](repeating: 0, count: row * height)
        pixels.withUnsafeMutableBytes { out in
            for y in 0..<height { (out.baseAddress! + y * row).copyMemory(from: plane + y * Int(stride), byteCount: row) }
        }
        guard let image = pixels.withUnsafeBytes({
            vips_image_new_from_memory_copy($0.baseAddress, $0.count, Int32(width), Int32(height), Int32(bands), VIPS_FORMAT_UCHAR)
        }) else { throw VipsLibrary.takeError(.decode, original) }
        var hasProfile = false
        if heif_image_handle_get_color_profile_type(handle) == heif_color_profile_type_prof ||
            heif_image_handle_get_color_profile_type(handle) == heif_color_profile_type_rICC {
            var profile = [UInt8](repeating: 0, count: heif_image_handle_get_raw_color_profile_size(handle))
            if !profile.isEmpty, profile.withUnsafeMutableBytes({ heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }).code == heif_error_Ok {
                profile.withUnsafeBytes { vips_image_set_blob_copy(image, "icc-profile-data", $0.baseAddress, $0.count) }
                hasProfile = true
            }
        }
        return (image, hasProfile)
    }

    /// libheif's plugins, loaded once per process (never released: it lives as long as the worker).
    private static let started: Bool = { _ = heif_init(nil); return true }()

    private static func check(_ error: heif_error, _ original: RawPath) throws(MediaError) {
        guard error.code != heif_error_Ok else { return }
        throw .failed(path: original, step: .decode,
                      reason: error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)")
    }
}
