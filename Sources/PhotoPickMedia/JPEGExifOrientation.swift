import PhotoPickCore

/// The EXIF orientation (1…8) a JPEG's APP1 segment declares, read from bytes already in
/// memory, as gdk-pixbuf's JPEG loader reads it: IFD0's tag 0x0112, a SHORT. The TurboJPEG
/// path decodes pixels only; this gives it the same upright result without a metadata
/// library. The input is untrusted: every read is bounds-checked; anything odd is 1.
enum JPEGExifOrientation {
    static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var orientation = 1
        JPEGSegments.walk(bytes) { segment in
            guard segment.declaredEnd <= bytes.count else { return false }  // cut off: no answer
            guard let tiff = exifPayload(segment, in: bytes) else { return true }
            orientation = tiffOrientation(UnsafeBufferPointer(rebasing: bytes[tiff]))
            return false
        }
        return orientation
    }

    /// Where the TIFF structure of an APP1 "Exif\0\0" segment lies (at least 8 bytes), or
    /// nil for any other segment.
    static func exifPayload(_ segment: JPEGSegments.Segment, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let start = segment.payloadStart, end = segment.declaredEnd
        guard segment.marker == 0xE1, end <= bytes.count, end - start >= 14,
              bytes[start] == 0x45, bytes[start + 1] == 0x78, bytes[start + 2] == 0x69, bytes[start + 3] == 0x66,
              bytes[start + 4] == 0, bytes[start + 5] == 0 else { return nil }
        return (start + 6)..<end
    }

    /// IFD0's orientation in a TIFF structure (the payload after "Exif\0\0").
    private static func tiffOrientation(_ tiff: UnsafeBufferPointer<UInt8>) -> Int {
        let n = tiff.count
        guard n >= 8 else { return 1 }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return 1
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= n else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return 1 }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at), let type = u16(at + 2) else { return 1 }
            guard tag == 0x0112 else { continue }
            guard type == 3, let value = u16(at + 8), (1...8).contains(value) else { return 1 }
            return value
        }
        return 1
    }
}
