internal import CMedia
import PhotoPickCore

/// HEIF, HEIC and AVIF metadata through libheif, which exiv2 0.27 cannot read: the pixel
/// size of the primary image, its Exif block (`HEIFExif`, read by exiv2 as an APP1
/// segment) and any XMP packet (read by exiv2 from memory).
///
/// Orientation is always 1: the container's irot/imir are applied by the decoder, and an
/// EXIF Orientation tag inside a HEIF must not rotate the picture a second time.
enum HEIFMetadata {
    static let mimeTypes: Set<String> = [
        "image/heif", "image/heic", "image/avif",
        "image/heif-sequence", "image/heic-sequence", "image/avif-sequence",
    ]

    /// Blocks larger than this are skipped: a real Exif or XMP block is a few kilobytes.
    static let maxBlockBytes = 4 << 20

    static func read(_ path: RawPath) -> MetadataFindings {
        var motionXMP: MotionPhotoXMP?
        var found = withPrimaryImage(path) { findings($0, motionXMP: &motionXMP) } ?? MetadataFindings()
        found.motionVideo = MotionVideoLocator.find(path, xmp: motionXMP, heif: true, make: nil)
        return found
    }

    /// The primary image's Exif and XMP blocks, each as exiv2 reads it (an export's kept tags).
    static func metadataFiles(_ path: RawPath) -> [Exiv2File] {
        withPrimaryImage(path) { handle in
            blockIDs(handle).compactMap { id -> Exiv2File? in
                let type = heif_image_handle_get_metadata_type(handle, id).map { String(cString: $0) }
                let content = heif_image_handle_get_metadata_content_type(handle, id).map { String(cString: $0) }
                if type == "Exif" { return block(handle, id).flatMap(HEIFExif.file) }
                if type == "mime", content == "application/rdf+xml" { return block(handle, id).flatMap(Exiv2File.open(bytes:)) }
                return nil
            }
        } ?? []
    }

    /// `body` over the file's primary image; nil when libheif cannot open it.
    private static func withPrimaryImage<T>(_ path: RawPath, _ body: (OpaquePointer) -> T) -> T? {
        guard MetadataLibraries.ready, let context = heif_context_alloc() else { return nil }
        defer { heif_context_free(context) }
        let opened = path.withCString { heif_context_read_from_file(context, $0, nil) }
        var handle: OpaquePointer?
        guard opened.code == heif_error_Ok,
              heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle else {
            return nil
        }
        defer { heif_image_handle_release(handle) }
        return body(handle)
    }

    /// The findings of the Exif and XMP blocks; `motionXMP` what the XMP's own bytes say of
    /// a Motion Photo's video (matched by namespace URI, as written).
    private static func findings(_ handle: OpaquePointer, motionXMP: inout MotionPhotoXMP?) -> MetadataFindings {
        var exif: MetadataFindings?
        var xmpDates: [String] = [], xmpRating: String?, xmpLocation: GeoLocation?
        var xmpSoftware: [String] = [], xmpComments: [String] = []
        for id in blockIDs(handle) {
            let type = heif_image_handle_get_metadata_type(handle, id).map { String(cString: $0) }
            let content = heif_image_handle_get_metadata_content_type(handle, id).map { String(cString: $0) }
            if type == "Exif", exif == nil {
                exif = block(handle, id).flatMap(HEIFExif.findings)
            } else if type == "mime", content == "application/rdf+xml", let packet = block(handle, id),
                      let xmp = Exiv2File.open(bytes: packet)?.findings() {
                motionXMP = motionXMP ?? MotionPhotoXMP.parse(packet)
                xmpDates += xmp.xmpDates
                xmpRating = xmpRating ?? xmp.xmpRating
                xmpLocation = xmpLocation ?? xmp.location
                (xmpSoftware, xmpComments) = (xmpSoftware + xmp.software, xmpComments + xmp.userComments)
            }
        }
        var findings = exif ?? MetadataFindings()
        (findings.xmpDates, findings.xmpRating) = (xmpDates, xmpRating)
        findings.location = findings.location ?? xmpLocation
        (findings.software, findings.userComments) = (findings.software + xmpSoftware, findings.userComments + xmpComments)
        if let size = uprightSize(handle) { (findings.pixelWidth, findings.pixelHeight) = size }
        findings.orientation = 1  // whatever the Exif block says: the decoder already applied irot/imir
        return findings
    }

    /// The size after the container's transformations, as libheif reports it. libheif swaps
    /// width and height for a 90° irot listed after ispe, as the HEIF spec orders them; files
    /// from non-conformant writers that list irot first keep the unrotated size (libheif#1131).
    private static func uprightSize(_ handle: OpaquePointer) -> (Int, Int)? {
        let w = Int(heif_image_handle_get_width(handle)), h = Int(heif_image_handle_get_height(handle))
        return w > 0 && h > 0 ? (w, h) : nil
    }

    private static func blockIDs(_ handle: OpaquePointer) -> [heif_item_id] {
        let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, nil))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: min(count, 64))
        let got = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, nil, &ids, Int32(ids.count)))
        return Array(ids.prefix(max(0, min(got, ids.count))))
    }

    private static func block(_ handle: OpaquePointer, _ id: heif_item_id) -> [UInt8]? {
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 0, size <= maxBlockBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        let error = bytes.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
        return error.code == heif_error_Ok ? bytes : nil
    }
}
