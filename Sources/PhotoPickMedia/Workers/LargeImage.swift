import PhotoPickCore

/// The preview's image of a whole file (a worker's `large` request): decoded to fit a side,
/// EXIF orientation applied by `ImageDecoder`, with the file's stored size, which the
/// preview shows. Reading the header is work on the file too (some loaders allocate for
/// seconds before they report a size), so it is done here, in the worker, not in the window.
public struct LargeImage: Sendable {
    public let image: DecodedImage
    /// Width and height as stored, before orientation.
    public let storedWidth: Int
    public let storedHeight: Int

    /// Decodes `path` to fit `side` × `side` (never upscaled). A file the thumbnailers already
    /// failed on (recorded in `cache`) is refused without being opened; the cache is only read.
    /// A camera RAW (`mimeType`) shows its largest embedded JPEG, and states the preview's size:
    /// the most pixels there are to zoom into (its metadata states the sensor's).
    public static func decode(_ path: RawPath, mimeType: String, fitting side: Int, cache: FreedesktopThumbnailCache,
                              decoder: ImageDecoder = ImageDecoder()) -> Result<LargeImage, MediaError> {
        if let source = cache.source(for: path), cache.hasFailed(source) {
            return .failure(.failedBefore(path: path))
        }
        if CameraRaw.isRaw(mimeType) {
            do {
                let preview = try RawPreview.read(path, maxPixels: decoder.maxPixels)
                let image = try preview.decode(fitting: max(1, side), path: path, maxPixels: decoder.maxPixels)
                return .success(LargeImage(image: image, storedWidth: preview.width, storedHeight: preview.height))
            } catch {
                return .failure(error)
            }
        }
        guard let stored = decoder.size(of: path) else {
            return .failure(.failed(path: path, step: .header, reason: nil))
        }
        do {
            let image = try decoder.decode(path, fitting: max(1, side))
            return .success(LargeImage(image: image, storedWidth: stored.width, storedHeight: stored.height))
        } catch {
            return .failure(error)
        }
    }
}
