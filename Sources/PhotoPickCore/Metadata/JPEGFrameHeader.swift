/// The pixel size a JPEG stream declares in its frame header (SOF0…SOF15), found by
/// walking the markers before any image data, without decoding anything.
///
/// Used to refuse a decompression bomb (a few bytes claiming 65,000 × 65,000) before a
/// decoder allocates for it. The input is untrusted: every read is bounds-checked.
public enum JPEGFrameHeader {
    /// Width and height from the first frame header, or nil when `bytes` is not a JPEG
    /// stream, ends first, or declares a zero size (a height deferred to a DNL marker).
    public static func size(_ bytes: UnsafeBufferPointer<UInt8>) -> (width: Int, height: Int)? {
        var found: (width: Int, height: Int)?
        JPEGSegments.walk(bytes) { segment in
            guard segment.isFrameHeader else { return true }
            // Precision, height, width: the first five payload bytes.
            let p = segment.payloadStart
            if segment.declaredEnd - p >= 5, p + 5 <= bytes.count {
                let height = Int(bytes[p + 1]) << 8 | Int(bytes[p + 2])
                let width = Int(bytes[p + 3]) << 8 | Int(bytes[p + 4])
                if width > 0 && height > 0 { found = (width, height) }
            }
            return false  // the first frame header decides, whatever it says
        }
        return found
    }

    public static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        bytes.withUnsafeBufferPointer { size($0) }
    }
}
