import Foundation
import PhotoPickCore

/// Encodes thumbnails as PNG with the standard's `Thumb::` keys (`PNGEncoder`: one fixed
/// filter and a fast zlib level, as a thumbnail is made on the CPU the decoder also wants).
public enum ThumbnailEncoder {
    public static func png(of image: DecodedImage, source: ThumbnailSource, mimeType: String) throws(MediaError) -> [UInt8] {
        let texts = [("Thumb::URI", source.uri), ("Thumb::MTime", String(source.mtime)), ("Thumb::Size", String(source.size)),
                     ("Thumb::Mimetype", mimeType),
                     ("Software", "\(FreedesktopThumbnailCache.software) \(FreedesktopThumbnailCache.version)")]
        return try image.pixels.withUnsafeBytes { pixels in
            Result { () throws(MediaError) in
                try PNGEncoder.encode(width: image.width, height: image.height, hasAlpha: image.hasAlpha,
                                      rowStride: image.rowStride, pixels: pixels, texts: texts)
            }
        }.get()
    }
}
