import PhotoPickCore

/// What photopick shows of a camera RAW file: the largest JPEG the camera embedded (exiv2's
/// preview images, through gexiv2), usually the full size or close, developed as the camera
/// would have for a JPEG. Nothing installed develops the sensor data itself (gdk-pixbuf has
/// no RAW loader, and a TIFF-based RAW's IFD0 is a 160 px thumbnail at best), and a preview
/// costs a read and a JPEG decode, at a DCT scale for a thumbnail. Read in the worker
/// processes: the preview is as untrusted as the file, so its bytes and its frame header are
/// checked before libjpeg sees them.
public struct RawPreview: Sendable {
    /// The preview's JPEG stream.
    public let jpeg: [UInt8]
    /// Its size as its frame header declares it, before orientation.
    public let width: Int, height: Int
    /// The RAW file's EXIF orientation (1…8; 0 when unspecified): the preview's pixels are
    /// stored as the sensor's are, and need it as much as the RAW does.
    public let orientation: Int

    /// A preview of more bytes than this is refused: a camera's full-size JPEG is 2–25 MiB.
    public static let maxBytes = 64 << 20

    /// Reads `path`'s largest JPEG preview. `maxPixels` caps its frame header as it caps any image.
    public static func read(_ path: RawPath, maxPixels: Int = ImageDecoder.configuredMaxPixels) throws(MediaError) -> RawPreview {
        guard ImageDecoder.isRegularFile(path) else { throw .unreadable(path: path, reason: .notRegularFile) }
        guard let file = Exiv2File.open(path) else { throw .failed(path: path, step: .header, reason: nil) }
        guard let preview = file.largestJPEGPreview(maxBytes: maxBytes) else { throw .noPreview(path: path, cacheChecked: false) }
        // libjpeg sizes its buffers from the frame header, not from what exiv2 reported.
        guard let declared = JPEGFrameHeader.size(preview.bytes) else { throw .failed(path: path, step: .header, reason: nil) }
        guard declared.width * declared.height <= maxPixels else {
            throw .tooLarge(path: path, width: declared.width, height: declared.height, limit: .cap(maxPixels))
        }
        // gdk-pixbuf would show a preview cut short with its missing rows grey.
        guard endsWhole(preview.bytes) else { throw .failed(path: path, step: .decode, reason: nil) }
        return RawPreview(jpeg: preview.bytes, width: declared.width, height: declared.height, orientation: file.orientation)
    }

    /// The preview decoded to fit `maxSide` × `maxSide` (never enlarged), upright: TurboJPEG
    /// at a DCT scale, else gdk-pixbuf's loader (what TurboJPEG declines: CMYK, a warning).
    /// `path` is the RAW's, for the errors.
    public func decode(fitting maxSide: Int, path: RawPath, maxPixels: Int = ImageDecoder.configuredMaxPixels) throws(MediaError) -> DecodedImage {
        let orientation = (1...8).contains(self.orientation) ? self.orientation : 1
        let decoded = try jpeg.withUnsafeBufferPointer { bytes in
            Result { () throws(MediaError) -> DecodedImage? in
                if let image = try TurboJPEGDecoder.decode(bytes, path: path, maxPixels: maxPixels, orientation: orientation,
                                                           target: { ImageDecoder.fit($0, $1, in: maxSide) }) {
                    return image
                }
                let fitted = ImageDecoder.fit(width, height, in: maxSide)
                return EmbeddedPreview.decodeJPEG(bytes.baseAddress!, count: bytes.count,
                                                  minSide: max(1, min(fitted.width, fitted.height)), orientation: orientation,
                                                  path: path)
            }
        }.get()
        guard let decoded else { throw .failed(path: path, step: .decode, reason: nil) }
        return decoded
    }

    /// Whether the stream's image data reaches an end-of-image marker: in entropy-coded data
    /// FF is always followed by 00 or a restart marker, so an FF D9 after the first scan
    /// begins can only be the end (a thumbnail in the header has one of its own, before).
    static func endsWhole(_ jpeg: [UInt8]) -> Bool {
        jpeg.withUnsafeBufferPointer { bytes in
            var scanAt = 0
            guard JPEGSegments.walk(bytes, { scanAt = $0.declaredEnd; return true }) == .startOfScan else { return false }
            var i = bytes.count - 2
            while i >= scanAt {
                if bytes[i] == 0xFF, bytes[i + 1] == 0xD9 { return true }
                i -= 1
            }
            return false
        }
    }
}
