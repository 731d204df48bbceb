internal import CVips
import Glibc
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// A camera RAW exported as the JPEG its camera embedded (`RawPreview`, its largest preview):
/// libvips decodes the preview's bytes as it decodes any JPEG (shrink-on-load, the profile to
/// sRGB), turns it by the RAW's orientation, and it is encoded as any photo is. The RAW's own
/// metadata is what the export keeps or cuts down (`ExportMetadata`), never the preview's.
///
/// Why the preview and not a demosaic: libvips on Debian 12 and 13 (8.14, 8.16) has no RAW
/// loader (`dcrawload` came in 8.18; 8.16's magickload reaches LibRaw only through
/// ImageMagick 7, as an untrusted loader, and 8.14's not at all), and LibRaw of our own would
/// be a new library demosaicing every pixel of a photo the camera has developed already.
enum RawExport {
    static func run(_ job: ExportJob, mimeType: String, maxPixels: Int) -> Result<ExportedFile, MediaError> {
        guard VipsLibrary.ready else { return .failure(.libraryUnavailable(name: "libvips")) }
        do {
            let preview = try RawPreview.read(job.source, maxPixels: maxPixels)
            let encoder = ImageExport.encoder(for: job.format, mimeType: mimeType)
            let kept = job.strip == .all ? nil : ExportMetadata.original(job.source, mimeType: mimeType, removeLocation: job.strip == .location)
            let output = try SourceFile.openForWriting(job.temporary)
            defer { close(output) }
            // libvips reads the bytes in place, as late as the encoder: they are kept until it is done.
            try preview.jpeg.withUnsafeBytes { bytes in
                Result { () throws(MediaError) in
                    let image = try upright(bytes, orientation: preview.orientation, job)
                    defer { g_object_unref(image) }
                    try ImageExport.write(image, encoder: encoder, job: job, kept: kept, output: output)
                }
            }.get()
            return .success(ExportedFile(fileExtension: Array(encoder.fileExtension.utf8), bytes: SourceFile.size(job.temporary)))
        } catch {
            return .failure(error)
        }
    }

    /// The preview at the export's size, upright, in sRGB, with none of its own metadata: it
    /// describes the preview (some cameras give it a whole EXIF block, location and all).
    private static func upright(_ bytes: UnsafeRawBufferPointer, orientation: Int,
                                _ job: ExportJob) throws(MediaError) -> UnsafeMutablePointer<VipsImage> {
        guard let header = pp_vips_header_jpeg_buffer(bytes.baseAddress, bytes.count) else {
            throw VipsLibrary.takeError(.header, job.source)
        }
        let hasProfile = pp_vips_has_profile(header) != 0
        g_object_unref(header)
        let side = Int32(job.maxSize ?? 10_000_000)
        var out: UnsafeMutablePointer<VipsImage>?
        guard pp_vips_thumbnail_jpeg_buffer(bytes.baseAddress, bytes.count, &out, side, side, hasProfile ? "srgb" : nil) == 0,
              let resized = out else { throw VipsLibrary.takeError(.decode, job.source) }
        VipsMetadataFields.keepProfileOnly(resized)
        guard (2...8).contains(orientation) else { return resized }
        defer { g_object_unref(resized) }
        // The preview is read in order, once; turning it reads it out of order: it is held
        // in memory, at the export's size, as libvips' thumbnail holds a file's to turn it.
        guard let held = vips_image_copy_memory(resized) else { throw VipsLibrary.takeError(.decode, job.source) }
        defer { g_object_unref(held) }
        vips_image_set_int(held, "orientation", Int32(orientation))
        var turned: UnsafeMutablePointer<VipsImage>?
        guard pp_vips_autorot(held, &turned) == 0, let turned else { throw VipsLibrary.takeError(.orient, job.source) }
        return turned
    }
}
