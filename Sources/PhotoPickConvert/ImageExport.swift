internal import CVips
import Foundation
import Glibc
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem

/// One photo exported by libvips, in the worker: decoded with shrink-on-load and orientation
/// applied (EXIF Orientation; libheif applies a HEIF's irot/imir), an embedded profile
/// converted to sRGB, never enlarged, encoded into the temporary file, then its metadata put
/// right (`ExportMetadata`); a camera RAW is its embedded JPEG (`RawExport`). At most one
/// decoded image is held: the pipeline streams, except under `maxBytes`, where the resized
/// image is kept to be encoded again.
enum ImageExport {
    /// An encoder libvips writes, and the extension its files get.
    enum Encoder: Int32 {
        case jpeg = 0, png = 1, webp = 2
        var fileExtension: String { ["jpg", "png", "webp"][Int(rawValue)] }
        var hasQuality: Bool { self != .png }
    }

    /// The lowest quality `maxBytes` goes down to before it shrinks the image instead.
    static let floorQuality = 40
    /// The smallest long side `maxBytes` shrinks to before it gives up.
    static let smallestSide = 16

    /// `mimeType` is the original's, as the worker sniffed it.
    static func run(_ job: ExportJob, mimeType: String, maxPixels: Int) -> Result<ExportedFile, MediaError> {
        if CameraRaw.isRaw(mimeType) { return RawExport.run(job, mimeType: mimeType, maxPixels: maxPixels) }
        guard VipsLibrary.ready else { return .failure(.libraryUnavailable(name: "libvips")) }
        do {
            // Open until the end: libvips closes its own descriptor after the header and
            // opens the name again when the pixels are wanted, during the save.
            let input = try SourceFile.openForReading(job.source)
            defer { close(input) }
            let source = SourceFile.procPath(input)
            let headerImage = try Header.open(source, original: job.source, maxPixels: maxPixels)
            defer { g_object_unref(headerImage) }
            let header = Header(headerImage)
            if header.width * header.height > maxPixels {
                return .failure(.tooLarge(path: job.source, width: header.width, height: header.height, limit: .cap(maxPixels)))
            }
            let encoder = encoder(for: job.format, mimeType: mimeType)
            // Read once, before the pixels: `maxBytes` encodes several times.
            let kept = job.strip == .all ? nil : ExportMetadata.original(job.source, mimeType: mimeType, removeLocation: job.strip == .location)
            let output = try SourceFile.openForWriting(job.temporary)
            defer { close(output) }
            do {
                let image = try thumbnail(source, input, job, header: header, headerImage: headerImage, encoder: encoder)
                defer { g_object_unref(image) }
                try write(image, encoder: encoder, job: job, kept: kept, output: output)
            } catch where header.loader.hasPrefix("heifload") {
                // libvips 8.14 fails on some rotated HEIF/AVIF files: libheif decodes them itself.
                let decoded = try HEIFDecoding.image(source, original: job.source)
                defer { g_object_unref(decoded.image) }
                let image = try resized(decoded.image, job, convertProfile: decoded.hasProfile, encoder: encoder)
                defer { g_object_unref(image) }
                try write(image, encoder: encoder, job: job, kept: kept, output: output)
            }
            // Not synced here: ExportRun syncs it before the rename, while this worker goes on.
            return .success(ExportedFile(fileExtension: Array(encoder.fileExtension.utf8), bytes: SourceFile.size(job.temporary)))
        } catch {
            return .failure(error)
        }
    }

    /// Encodes `image` into `output`, within `maxBytes` when asked.
    /// `kept` is what the original's metadata gives the export (nil when it is all removed).
    static func write(_ image: UnsafeMutablePointer<VipsImage>, encoder: Encoder, job: ExportJob,
                      kept: ExportMetadata.Original?, output: Int32) throws(MediaError) {
        if job.strip == .all { removeMetadata(image) }
        if job.strip == .location { VipsMetadataFields.keepProfileOnly(image) }
        if let maxBytes = job.maxBytes {
            try fit(image, encoder: encoder, job: job, kept: kept, maxBytes: maxBytes, output: output)
        } else {
            try encode(image, encoder: encoder, quality: job.quality, job: job, kept: kept, output: output)
        }
    }

    /// The encoder for `format` (`keep` resolved by Core's one rule, from the sniffed type).
    static func encoder(for format: ExportSettings.Format, mimeType: String) -> Encoder {
        switch format.written(forMIMEType: mimeType) {
        case .png: return .png
        case .webp: return .webp
        case .jpeg, .keep: return .jpeg
        }
    }

    /// What the header says, read without decoding a pixel.
    struct Header {
        let width: Int, height: Int
        let loader: String
        let hasProfile: Bool

        /// libvips' header read (the caller unrefs it): its metadata may go onto pixels decoded elsewhere.
        /// A photo no loader of libvips takes here comes decoded whole by gdk-pixbuf (`PixbufDecoding`).
        static func open(_ source: String, original: RawPath, maxPixels: Int) throws(MediaError) -> UnsafeMutablePointer<VipsImage> {
            if let image = pp_vips_header(source) { return image }
            let error = VipsLibrary.takeError(.header, original)
            guard pp_vips_has_loader(source) == 0, let decoded = try PixbufDecoding.image(original, maxPixels: maxPixels) else { throw error }
            return decoded
        }

        init(_ image: UnsafeMutablePointer<VipsImage>) {
            width = Int(vips_image_get_width(image))
            height = Int(vips_image_get_height(image))
            loader = pp_vips_loader(image).map { String(cString: $0) } ?? ""
            hasProfile = pp_vips_has_profile(image) != 0
        }
    }

    /// Decoded, upright, in sRGB, the long side at most `maxSize`; flattened on white for JPEG.
    /// A JPEG asked smaller is decoded by TurboJPEG at a DCT scale when it can (`JPEGScaledLoad`).
    private static func thumbnail(_ source: String, _ input: Int32, _ job: ExportJob, header: Header,
                                  headerImage: UnsafeMutablePointer<VipsImage>,
                                  encoder: Encoder) throws(MediaError) -> UnsafeMutablePointer<VipsImage> {
        if header.loader == PixbufDecoding.loader {  // decoded whole already
            return try resized(headerImage, job, convertProfile: false, encoder: encoder)
        }
        if header.loader.hasPrefix("jpegload"), let side = job.maxSize,
           let scaled = JPEGScaledLoad.image(input, header: headerImage, longSide: side) {
            defer { g_object_unref(scaled) }
            return try resized(scaled, job, convertProfile: header.hasProfile, encoder: encoder)
        }
        let side = Int32(job.maxSize ?? 10_000_000)
        // Without an embedded profile the pixels are taken as sRGB already.
        let profile = header.hasProfile ? "srgb" : nil
        var out: UnsafeMutablePointer<VipsImage>?
        let shrink = header.loader.hasPrefix("jpegload") ? jpegShrink(longSide: max(header.width, header.height), target: job.maxSize) : 1
        let status = shrink > 1 ? pp_vips_thumbnail_jpeg(source, Int32(shrink), &out, side, side, profile)
            : pp_vips_thumbnail(source, &out, side, side, profile)
        guard status == 0, let image = out else { throw VipsLibrary.takeError(.decode, job.source) }
        return try flattened(image, encoder: encoder, job.source)
    }

    /// The largest JPEG DCT scale (1/2, 1/4, 1/8) whose image still has a long side of at least
    /// `target`: the rest of the way is libvips' own resize, so the output is as sharp as a
    /// resize of the whole image, but a fraction of the pixels is ever decoded and held.
    /// Rounded down: libjpeg rounds a scaled size up, libvips' loader may not.
    static func jpegShrink(longSide: Int, target: Int?) -> Int {
        guard let target, target > 0 else { return 1 }
        return [8, 4, 2].first { longSide / $0 >= target } ?? 1
    }

    /// The same for an image decoded already (upright).
    private static func resized(_ decoded: UnsafeMutablePointer<VipsImage>, _ job: ExportJob, convertProfile: Bool,
                                encoder: Encoder) throws(MediaError) -> UnsafeMutablePointer<VipsImage> {
        let side = Int32(job.maxSize ?? 10_000_000)
        var out: UnsafeMutablePointer<VipsImage>?
        guard pp_vips_thumbnail_image(decoded, &out, side, side, convertProfile ? "srgb" : nil) == 0, let image = out else {
            throw VipsLibrary.takeError(.resize, job.source)
        }
        return try flattened(image, encoder: encoder, job.source)
    }

    /// Transparent pixels over white when the encoder has no alpha (JPEG); consumes `image`
    /// (of the photo at `path`).
    private static func flattened(_ image: UnsafeMutablePointer<VipsImage>, encoder: Encoder,
                                  _ path: RawPath) throws(MediaError) -> UnsafeMutablePointer<VipsImage> {
        guard encoder == .jpeg, vips_image_hasalpha(image) != 0 else { return image }
        var flat: UnsafeMutablePointer<VipsImage>?
        defer { g_object_unref(image) }
        guard pp_vips_flatten_white(image, &flat) == 0, let flat else { throw VipsLibrary.takeError(.flatten, path) }
        return flat
    }

    /// Encodes into `output` from its start, then writes the metadata the settings keep.
    private static func encode(_ image: UnsafeMutablePointer<VipsImage>, encoder: Encoder, quality: Int,
                               job: ExportJob, kept: ExportMetadata.Original?, output: Int32) throws(MediaError) {
        guard ftruncate(output, 0) == 0, lseek(output, 0, SEEK_SET) == 0 else {
            throw .unwritable(path: nil, reason: SystemError.text(errno))
        }
        var writeError: Int32 = 0
        guard pp_vips_save_fd(image, output, encoder.rawValue, Int32(quality), job.strip == .all ? 1 : 0, &writeError) == 0 else {
            // The write's own errno, which the save keeps: libvips 8.16 words a full disk as
            // "Unknown error -1", and the free space left, the other clue, is not 0 when
            // another export in the same folder has just given some back.
            let error = VipsLibrary.takeError(.convert, job.source)
            guard FullFolder.isFull(writeError) else { throw error }
            _ = ftruncate(output, 0)
            throw .folderFull(free: FullFolder.freeBytes(of: output), quota: writeError == EDQUOT)
        }
        if let kept {
            try ExportMetadata.finish(job.temporary, kept: kept, removeLocation: job.strip == .location)
        } else if encoder == .webp {
            try ExportMetadata.removeAll(job.temporary)  // its saver writes a small EXIF block of its own
        }
    }

    /// `maxBytes`: the quality down in steps of 10 to `floorQuality`, then the size by 0.8 at
    /// a time, until the file (metadata included) fits. PNG has no quality: only the size.
    private static func fit(_ image: UnsafeMutablePointer<VipsImage>, encoder: Encoder, job: ExportJob,
                            kept: ExportMetadata.Original?, maxBytes: Int64, output: Int32) throws(MediaError) {
        // Kept in memory: it is encoded several times, and the stream can be read only once.
        guard let memory = vips_image_copy_memory(image) else { throw VipsLibrary.takeError(.decode, job.source) }
        defer { g_object_unref(memory) }
        var smallest = Int64.max
        for quality in qualitySteps(from: job.quality, encoder: encoder) {
            try encode(memory, encoder: encoder, quality: quality, job: job, kept: kept, output: output)
            let size = SourceFile.size(job.temporary)
            if size <= maxBytes { return }
            smallest = min(smallest, size)
        }
        let lastQuality = qualitySteps(from: job.quality, encoder: encoder).last ?? job.quality
        let longSide = Double(max(vips_image_get_width(memory), vips_image_get_height(memory)))
        var scale = 0.8
        while longSide * scale >= Double(smallestSide) {
            var resized: UnsafeMutablePointer<VipsImage>?
            guard pp_vips_resize(memory, &resized, scale) == 0, let resized else {
                throw VipsLibrary.takeError(.resize, job.source)
            }
            defer { g_object_unref(resized) }
            try encode(resized, encoder: encoder, quality: lastQuality, job: job, kept: kept, output: output)
            let size = SourceFile.size(job.temporary)
            if size <= maxBytes { return }
            smallest = min(smallest, size)
            scale *= 0.8
        }
        throw .doesNotFit(maxBytes: maxBytes, smallest: smallest)
    }

    /// libvips 8.14's WebP saver writes EXIF despite `strip`, rebuilt from the parsed
    /// `exif-ifd…` fields: every metadata field goes from the image itself first.
    private static func removeMetadata(_ image: UnsafeMutablePointer<VipsImage>) {
        guard let fields = vips_image_get_fields(image) else { return }
        defer { g_strfreev(fields) }
        var i = 0
        while let field = fields[i] {
            let name = String(cString: field)
            if ["exif-", "xmp-", "iptc-", "icc-", "orientation"].contains(where: name.hasPrefix) { _ = vips_image_remove(image, field) }
            i += 1
        }
    }

    static func qualitySteps(from quality: Int, encoder: Encoder) -> [Int] {
        guard encoder.hasQuality, quality > floorQuality else { return [quality] }
        return Array(stride(from: quality, to: floorQuality, by: -10)) + [floorQuality]
    }
}
