/// The pixel size a JPEG stream declares in its frame header (SOF0…SOF15), found by
/// walking the markers before any image data, without decoding anything.
///
/// Used to refuse a decompression bomb (a few bytes claiming 65,000 × 65,000) before a
/// decoder allocates for it. The input is untrusted: every read is bounds-checked.
public enum JPEGFrameHeader {
    /// Width and height from the first frame header, or nil when `bytes` is not a JPEG
    /// stream, ends first, or declares a zero size (a height deferred to a DNL marker).
    public static func size(_ bytes: UnsafeBufferPointer<UInt8>) -> (width: Int, height: Int)? {
        let n = bytes.count
        guard n >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i < n {
            guard bytes[i] == 0xFF else { return nil }  // a marker must follow a segment
            while i < n, bytes[i] == 0xFF { i += 1 }     // fill bytes
            guard i < n else { return nil }
            let marker = bytes[i]
            i += 1
            switch marker {
            case 0x01, 0xD0...0xD8: continue            // markers without a length
            case 0xD9, 0xDA: return nil                 // end of image, start of scan: no frame header before
            default: break
            }
            guard i + 2 <= n else { return nil }
            let length = Int(bytes[i]) << 8 | Int(bytes[i + 1])
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard length >= 7, i + 7 <= n else { return nil }
                let height = Int(bytes[i + 3]) << 8 | Int(bytes[i + 4])
                let width = Int(bytes[i + 5]) << 8 | Int(bytes[i + 6])
                return width > 0 && height > 0 ? (width, height) : nil
            }
            i += length
        }
        return nil
    }

    public static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        bytes.withUnsafeBufferPointer { size($0) }
    }
}
