internal import CMedia
import Foundation
import Glibc
import PhotoPickCore
import PhotoPickSystem

/// Decodes images with gdk-pixbuf at a requested size, EXIF orientation applied; JPEGs
/// through TurboJPEG first (`TurboJPEGDecoder`, faster in `make bench`), gdk-pixbuf taking
/// whatever that path declines.
///
/// Thread-safe: each call works on its own pixbuf. gdk-pixbuf's JPEG loader decodes
/// at 1/2, 1/4 or 1/8 scale when asked for a small size, which is what makes
/// thumbnails cheap.
///
/// Hostile files are refused before any pixel is decoded: what is not a regular file (a
/// FIFO would block the open), and images whose header claims more than `maxPixels`
/// pixels (a decompression bomb: a few bytes that claim 60,000 × 60,000).
public struct ImageDecoder: Sendable {
    /// The default pixel cap: 100 megapixels, more than any camera of today.
    public static let defaultMaxPixels = 100_000_000

    /// `PHOTOPICK_MAX_PIXELS` when it is a positive whole number, else `defaultMaxPixels`.
    /// Thumbnail workers inherit the environment, so one setting covers every decoder.
    public static let configuredMaxPixels: Int = maxPixels(environment: ProcessInfo.processInfo.environment)

    public static func maxPixels(environment: [String: String]) -> Int {
        guard let text = environment["PHOTOPICK_MAX_PIXELS"], let value = Int(text), value > 0 else { return defaultMaxPixels }
        return value
    }

    /// Images with more pixels than this (width × height from the header) are refused.
    public let maxPixels: Int

    /// Which library decodes JPEGs. Everything else, and any JPEG TurboJPEG declines (CMYK,
    /// damaged, an error or warning), goes to gdk-pixbuf either way.
    public enum JPEGPath: Sendable { case turboJPEG, gdkPixbuf }
    public let jpegPath: JPEGPath

    public init(maxPixels: Int = ImageDecoder.configuredMaxPixels, jpegPath: JPEGPath = .turboJPEG) {
        self.maxPixels = maxPixels
        self.jpegPath = jpegPath
    }

    /// The stored pixel size (before orientation), read from the header only; nil for
    /// anything that is not a regular file gdk-pixbuf can read.
    public func size(of path: RawPath) -> (width: Int, height: Int)? {
        guard Self.isRegularFile(path) else { return nil }
        var w: Int32 = 0, h: Int32 = 0
        let format = path.withCString { gdk_pixbuf_get_file_info($0, &w, &h) }
        guard format != nil, w > 0, h > 0 else { return nil }
        return (Int(w), Int(h))
    }

    /// The header's size, if it is within the pixel cap; throws otherwise.
    private func checkedSize(of path: RawPath) throws(MediaError) -> (width: Int, height: Int) {
        guard let (w, h) = size(of: path) else { throw .failed(path: path, step: .header, reason: nil) }
        guard w * h <= maxPixels else {  // Int32 × Int32 cannot overflow Int
            throw .tooLarge(path: path, width: w, height: h, limit: .cap(maxPixels))
        }
        return (w, h)
    }

    /// True for a regular file. Opened non-blocking and checked on the descriptor, so a
    /// FIFO or device never blocks the caller.
    static func isRegularFile(_ path: RawPath) -> Bool { RegularFile(path) != nil }

    /// Decodes to fit inside `maxSide` × `maxSide` (never upscaled), oriented upright.
    public func decode(_ path: RawPath, fitting maxSide: Int) throws(MediaError) -> DecodedImage {
        try decode(path) { w, h in Self.fit(w, h, in: maxSide) }
    }

    /// `w` × `h` scaled to fit inside `maxSide` × `maxSide`, never enlarged.
    static func fit(_ w: Int, _ h: Int, in maxSide: Int) -> (width: Int, height: Int) {
        scaled(w, h, by: min(1.0, Double(maxSide) / Double(max(w, h))))
    }

    /// `target` maps the stored size to the decoded one.
    private func decode(_ path: RawPath, target: (Int, Int) -> (width: Int, height: Int)) throws(MediaError) -> DecodedImage {
        if jpegPath == .turboJPEG, let image = try TurboJPEGDecoder.decode(path, maxPixels: maxPixels, target: target) {
            return image
        }
        let (w, h) = try checkedSize(of: path)
        let size = target(w, h)
        return try load(path, width: size.width, height: size.height)
    }

    private static func scaled(_ w: Int, _ h: Int, by scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((Double(w) * scale).rounded())), max(1, Int((Double(h) * scale).rounded())))
    }

    private func load(_ path: RawPath, width: Int, height: Int) throws(MediaError) -> DecodedImage {
        var error: UnsafeMutablePointer<GError>?
        let loaded = path.withCString { gdk_pixbuf_new_from_file_at_scale($0, Int32(width), Int32(height), 0, &error) }
        guard let loaded else {
            let message = error.map { String(cString: $0.pointee.message) }
            if let error { g_error_free(error) }
            throw .failed(path: path, step: .decode, reason: message)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        // Returns a new reference (possibly to the same pixbuf) with the EXIF rotation applied.
        guard let upright = gdk_pixbuf_apply_embedded_orientation(loaded) else {
            throw .failed(path: path, step: .orient, reason: nil)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        return Self.copyPixels(upright)
    }

    static func copyPixels(_ pixbuf: OpaquePointer) -> DecodedImage {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let alpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let rowBytes = width * channels
        // The last row may be shorter than the stride; copy row by row into a tight buffer.
        var data = Data(count: rowBytes * height)
        let source = gdk_pixbuf_read_pixels(pixbuf)!
        data.withUnsafeMutableBytes { dest in
            for y in 0..<height {
                memcpy(dest.baseAddress! + y * rowBytes, source + y * stride, rowBytes)
            }
        }
        return DecodedImage(width: width, height: height, rowStride: rowBytes, hasAlpha: alpha && channels == 4, pixels: data)
    }
}
