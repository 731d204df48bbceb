internal import CMedia
import PhotoPickCore
import PhotoPickSystem

/// The metadata of an export, put right in its temporary file (never in the original) after
/// libvips wrote it with the original's EXIF, XMP and IPTC: Orientation 1, as the pixels are
/// upright now; no EXIF thumbnail (it would show the old orientation and size); the capture
/// date, its offset and the camera copied from the original when the encoder dropped them
/// (PNG, a HEIC's Exif). With `removeLocation`, only `MetadataKeepList`'s tags, checked once
/// the file is written.
public enum ExportMetadata {
    /// What an export takes from its original, read once per export (`finish` may run once
    /// per `maxBytes` attempt).
    public struct Original: Sendable {
        public let findings: MetadataFindings
        /// The keep-list's tags, read when the location is to go.
        public let keptTags: [MetadataKeepList.Tag]
        /// A camera RAW whose export is its embedded preview, when its metadata is kept: the
        /// encoder had none of it (the preview's own is not the photo's), so all of it is
        /// written into the export first.
        public var carriedFrom: RawPath? = nil
    }

    /// The tags an export always keeps, from the original's findings.
    private static func kept(_ f: MetadataFindings) -> [(String, String?)] {
        [("Exif.Photo.DateTimeOriginal", f.exifDateTimeOriginal), ("Exif.Photo.OffsetTimeOriginal", f.exifOffsetTimeOriginal),
         ("Exif.Image.Make", f.cameraMake), ("Exif.Image.Model", f.cameraModel)]
    }

    /// What `original` (of `mimeType`, as sniffed) gives its export.
    public static func original(_ original: RawPath, mimeType: String, removeLocation: Bool) -> Original {
        if HEIFMetadata.mimeTypes.contains(mimeType) {
            // libheif hands out the Exif and XMP blocks; the findings want the image's size too.
            return Original(findings: HEIFMetadata.read(original),
                            keptTags: removeLocation ? MetadataKeepList.tags(in: HEIFMetadata.metadataFiles(original)) : [])
        }
        let file = Exiv2File.open(original)
        return Original(findings: file?.findings() ?? MetadataFindings(),
                        keptTags: removeLocation ? MetadataKeepList.tags(in: [file].compactMap { $0 }) : [],
                        carriedFrom: CameraRaw.isRaw(mimeType) && !removeLocation ? original : nil)
    }

    public static func finish(_ output: RawPath, kept original: Original, removeLocation: Bool) throws(MediaError) {
        guard MetadataLibraries.ready, let handle = gexiv2_metadata_new() else { throw .libraryUnavailable(name: "exiv2") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var error: UnsafeMutablePointer<GError>?
        if !removeLocation, let source = original.carriedFrom {
            // exiv2 leaves out, as it writes a JPEG, the RAW's image structure (strips, sub-IFDs).
            guard let file = Exiv2File.open(source), output.withCString({ gexiv2_metadata_save_file(file.handle, $0, &error) }) != 0 else {
                throw .metadata(.notWritten(take(&error)))
            }
        }
        guard output.withCString({ gexiv2_metadata_open_path(handle, $0, &error) }) != 0 else {
            throw .metadata(.notWritten(take(&error)))
        }
        if removeLocation {
            MetadataKeepList.apply(original.keptTags, to: handle)
        } else {
            gexiv2_metadata_try_set_orientation(handle, GEXIV2_ORIENTATION_NORMAL, &error)
            g_clear_error(&error)
            gexiv2_metadata_try_erase_exif_thumbnail(handle, &error)
            g_clear_error(&error)
            for (tag, value) in kept(original.findings) {
                guard let value, gexiv2_metadata_try_has_tag(handle, tag, &error) == 0 else { g_clear_error(&error); continue }
                gexiv2_metadata_try_set_tag_string(handle, tag, value, &error)
                g_clear_error(&error)
            }
        }
        guard output.withCString({ gexiv2_metadata_save_file(handle, $0, &error) }) != 0 else {
            throw .metadata(.notWritten(take(&error)))
        }
        if removeLocation {
            // Read back as any reader would: a tag the list does not keep fails the file.
            guard let strays = MetadataKeepList.strays(in: output) else { throw .metadata(.notReadBack) }
            guard strays.isEmpty else { throw .metadata(.notCutDown(tags: strays)) }
        }
    }

    /// No EXIF, XMP or IPTC at all (`stripMetadata`, where the encoder adds some regardless).
    public static func removeAll(_ output: RawPath) throws(MediaError) {
        guard MetadataLibraries.ready, let handle = gexiv2_metadata_new() else { throw .libraryUnavailable(name: "exiv2") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var error: UnsafeMutablePointer<GError>?
        guard output.withCString({ gexiv2_metadata_open_path(handle, $0, &error) }) != 0 else {
            throw .metadata(.notRemoved(take(&error)))
        }
        gexiv2_metadata_clear(handle)
        guard output.withCString({ gexiv2_metadata_save_file(handle, $0, &error) }) != 0 else {
            throw .metadata(.notRemoved(take(&error)))
        }
    }

    private static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        defer { g_clear_error(&error) }
        return error.map { String(cString: $0.pointee.message) } ?? "unknown error"
    }
}
