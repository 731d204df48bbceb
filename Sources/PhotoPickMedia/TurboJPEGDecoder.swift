internal import CMedia
import Foundation
import PhotoPickCore
import PhotoPickSystem

/// JPEGs decoded by libjpeg-turbo's TurboJPEG API: the smallest DCT scaling factor whose
/// output still covers the target, fast (non-smoothing) chroma upsampling, straight into a
/// pixbuf; then the same final bilinear downscale and EXIF orientation as gdk-pixbuf's
/// loader. `make bench` (section thumbnails) measures it against gdk-pixbuf's loader.
///
/// It only takes files it decodes cleanly. It declines (nil, and `ImageDecoder` asks
/// gdk-pixbuf) anything else: not a JPEG, CMYK/YCCK (gdk-pixbuf converts those), a file
/// too big to read whole, or any TurboJPEG error or warning (a truncated or corrupt file),
/// so a damaged photo decodes, or fails, exactly as it did before this path existed.
/// `TJFLAG_FASTDCT` is not used: at thumbnail scale (1/8) the inverse DCT is the DC term
/// alone whatever the method, and at larger scales it costs accuracy for little time.
public enum TurboJPEGDecoder {
    /// Files bigger than this are left to gdk-pixbuf (and, in an export, to libvips), which
    /// stream them.
    public static let maxFileBytes: UInt64 = 256 << 20

    /// The decoded, scaled and oriented image; nil when this path declines the file.
    /// Throws only for a header over `maxPixels`, before any pixel is allocated.
    static func decode(_ path: RawPath, maxPixels: Int,
                       target: (_ width: Int, _ height: Int) -> (width: Int, height: Int)) throws(MediaError) -> DecodedImage? {
        guard let file = RegularFile(path), file.size >= 4, file.size <= maxFileBytes else { return nil }
        guard let head = file.read(at: 0, count: 3), head == [0xFF, 0xD8, 0xFF] else { return nil }
        guard let bytes = file.read(at: 0, count: Int(file.size)) else { return nil }
        return try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(MediaError) in try decode(buffer, path: path, maxPixels: maxPixels, target: target) }
        }.get()
    }

    /// A JPEG stream in memory (`path` names the file it came from). `orientation` (1…8)
    /// overrides the stream's own EXIF: a RAW's preview is turned as the RAW says.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, path: RawPath, maxPixels: Int, orientation: Int? = nil,
                       target: (Int, Int) -> (width: Int, height: Int)) throws(MediaError) -> DecodedImage? {
        // The frame header is checked by our own bounds-checked reader before libjpeg sees the file.
        guard let declared = JPEGFrameHeader.size(bytes) else { return nil }
        guard declared.width * declared.height <= maxPixels else {
            throw .tooLarge(path: path, width: declared.width, height: declared.height, limit: .cap(maxPixels))
        }
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes.baseAddress, UInt(bytes.count), &w, &h, &subsampling, &colorspace) == 0,
              w > 0, h > 0, Int(w) == declared.width, Int(h) == declared.height,
              colorspace != Int32(TJCS_CMYK.rawValue), colorspace != Int32(TJCS_YCCK.rawValue) else { return nil }
        let wanted = target(Int(w), Int(h))
        let (sw, sh) = scaledSize(width: Int(w), height: Int(h), covering: wanted)
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(sw), Int32(sh)) else {
            throw .tooLarge(path: path, width: sw, height: sh, limit: .memory)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let flags = TJFLAG_FASTUPSAMPLE | TJFLAG_STOPONWARNING
        guard tjDecompress2(handle, bytes.baseAddress, UInt(bytes.count), gdk_pixbuf_get_pixels(pixbuf), Int32(sw),
                            gdk_pixbuf_get_rowstride(pixbuf), Int32(sh), Int32(TJPF_RGB.rawValue), flags) == 0 else { return nil }
        return try finish(pixbuf, width: wanted.width, height: wanted.height,
                          orientation: orientation ?? JPEGExifOrientation.value(bytes), path: path)
    }

    /// The smallest of TurboJPEG's scaling factors (at most 1) whose output is at least
    /// `wanted` both ways, so the final downscale only ever shrinks; rounded up as TurboJPEG
    /// sizes it. The export's scaled load (`JPEGScaledLoad`) asks it too.
    public static func scaledSize(width: Int, height: Int, covering wanted: (width: Int, height: Int)) -> (Int, Int) {
        var count: Int32 = 0
        var best = (width, height)
        guard let factors = tjGetScalingFactors(&count) else { return best }
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) where factor.num <= factor.denom {
            let num = Int(factor.num), denom = Int(factor.denom)
            let w = (width * num + denom - 1) / denom, h = (height * num + denom - 1) / denom  // TJSCALED
            if w >= wanted.width, h >= wanted.height, w * h < best.0 * best.1 { best = (w, h) }
        }
        return best
    }

    /// Bilinear to the exact size (as gdk-pixbuf's loader scales), then oriented upright.
    private static func finish(_ decoded: OpaquePointer, width: Int, height: Int, orientation: Int,
                               path: RawPath) throws(MediaError) -> DecodedImage {
        var sized = decoded
        if Int(gdk_pixbuf_get_width(decoded)) != width || Int(gdk_pixbuf_get_height(decoded)) != height {
            guard let scaled = gdk_pixbuf_scale_simple(decoded, Int32(width), Int32(height), GDK_INTERP_BILINEAR) else {
                throw .tooLarge(path: path, width: width, height: height, limit: .memory)
            }
            sized = scaled
        } else {
            g_object_ref(UnsafeMutableRawPointer(decoded))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(sized)) }
        if orientation != 1 { gdk_pixbuf_set_option(sized, "orientation", String(orientation)) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(sized) else {
            throw .failed(path: path, step: .orient, reason: nil)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        return ImageDecoder.copyPixels(upright)
    }
}
