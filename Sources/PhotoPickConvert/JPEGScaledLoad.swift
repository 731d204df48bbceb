internal import CMedia
internal import CVips
import Glibc
import PhotoPickCore
import PhotoPickMedia

/// A JPEG decoded by TurboJPEG at the smallest of libjpeg-turbo's DCT scales (n/8) whose long
/// side still covers the export's size, into a libvips image in memory that carries the
/// metadata libvips' own loader read from the file (EXIF, XMP, IPTC, ICC profile,
/// orientation), then reduced to the export's long side with a Lanczos-2 kernel. libvips'
/// thumbnail then converts, turns and encodes it as any image.
///
/// Why (measured on the bench's 12 MP photos, CPU per photo): libvips' loader scales by 1/2,
/// 1/4 or 1/8 only, so a 4000 px photo asked for at 2048 px was decoded whole and every pixel
/// went through libvips 8.14's horizontal Lanczos-3 reduce, which is scalar code and was the
/// largest single cost (decode 54–82 ms, resize 99–108 ms). Decoded at 5/8 (2500 px, 66 ms)
/// the resize is a short one, and Lanczos-2 does it in 54 ms instead of Lanczos-3's 71: the
/// DCT scaling has already low-passed the image. Against the old output (whole decode,
/// Lanczos-3) the result differs by about 45 dB PSNR, below what the q85 encoder changes.
///
/// It takes only files it decodes cleanly, and declines (nil: libvips' loader then reads the
/// file exactly as before) anything else: no smaller scale to gain (n = 8), CMYK/YCCK (libvips
/// converts those), a file over TurboJPEG's cap (`TurboJPEGDecoder.maxFileBytes`) or an
/// image over the one below, or any TurboJPEG error or warning (a truncated or corrupt file
/// fails, or decodes, with libvips' own rules and messages).
enum JPEGScaledLoad {
    /// The decoded image is held whole (libvips' loader streams): a larger one is left to it.
    static let maxImageBytes = 64 << 20

    /// The image at `target` px on its long side (not yet turned upright), or nil when declined.
    /// `fd`: the original, open; `header`: libvips' header read of it (its metadata is copied).
    static func image(_ fd: Int32, header: UnsafeMutablePointer<VipsImage>, longSide target: Int) -> UnsafeMutablePointer<VipsImage>? {
        // Nothing to gain (no n/8 scale below 8/8 covers the size): the file is not read at all.
        guard scaledSize(width: Int(vips_image_get_width(header)), height: Int(vips_image_get_height(header)),
                         longSide: target) != nil,
              let (file, count) = contents(fd) else { return nil }
        defer { pp_big_buffer_free(file) }
        return decode(UnsafeBufferPointer(start: file.start.assumingMemoryBound(to: UInt8.self), count: count),
                      header: header, target: target)
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, header: UnsafeMutablePointer<VipsImage>,
                               target: Int) -> UnsafeMutablePointer<VipsImage>? {
        // Our own bounds-checked reader sees the frame header before libjpeg does.
        guard let declared = JPEGFrameHeader.size(bytes), declared.width == Int(vips_image_get_width(header)),
              declared.height == Int(vips_image_get_height(header)),
              let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, bytes.baseAddress, UInt(bytes.count), &w, &h, &subsampling, &colorspace) == 0,
              Int(w) == declared.width, Int(h) == declared.height,
              colorspace != Int32(TJCS_CMYK.rawValue), colorspace != Int32(TJCS_YCCK.rawValue),
              let (sw, sh) = scaledSize(width: Int(w), height: Int(h), longSide: target) else { return nil }
        let gray = colorspace == Int32(TJCS_GRAY.rawValue)
        let bands = gray ? 1 : 3
        let size = sw * sh * bands
        guard size <= maxImageBytes else { return nil }
        let pixels = pp_big_buffer_new(size)
        guard let start = pixels.start else { return nil }
        // Accurate DCT and smooth chroma upsampling, as libvips' loader decodes.
        guard tjDecompress2(handle, bytes.baseAddress, UInt(bytes.count), start.assumingMemoryBound(to: UInt8.self),
                            Int32(sw), 0, Int32(sh), Int32(gray ? TJPF_GRAY.rawValue : TJPF_RGB.rawValue),
                            TJFLAG_STOPONWARNING) == 0 else {
            pp_big_buffer_free(pixels)
            return nil
        }
        guard let image = pp_vips_image_owning(pixels, size, Int32(sw), Int32(sh), Int32(bands)) else { return nil }
        defer { g_object_unref(image) }
        pp_vips_copy_metadata(header, image)
        var reduced: UnsafeMutablePointer<VipsImage>?
        guard pp_vips_reduce_lanczos2(image, &reduced, Double(target) / Double(max(sw, sh))) == 0 else {
            vips_error_clear()
            return nil
        }
        return reduced
    }

    /// The smallest TurboJPEG scale below 1 whose long side is at least `target` (so libvips
    /// only ever shrinks it), as the thumbnails' decoder chooses it; nil when there is none.
    static func scaledSize(width: Int, height: Int, longSide target: Int) -> (width: Int, height: Int)? {
        let wanted = width >= height ? (width: target, height: 0) : (width: 0, height: target)
        let (sw, sh) = TurboJPEGDecoder.scaledSize(width: width, height: height, covering: wanted)
        return sw == width && sh == height ? nil : (sw, sh)
    }

    /// Every byte of the open original in a buffer of its own (the caller frees it), with its
    /// length; nil past TurboJPEG's cap (libvips streams bigger files) or on a read error.
    private static func contents(_ fd: Int32) -> (pp_big_buffer, Int)? {
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0, UInt64(st.st_size) <= TurboJPEGDecoder.maxFileBytes else { return nil }
        let count = Int(st.st_size)
        let buffer = pp_big_buffer_new(count)
        guard let start = buffer.start else { return nil }
        var done = 0
        while done < count {
            let n = pread(fd, start + done, count - done, off_t(done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                pp_big_buffer_free(buffer)
                return nil
            }
            done += n
        }
        return (buffer, count)
    }
}
