/// The EXIF orientation (1…8) a JPEG's APP1 segment declares, read from bytes already in
/// memory, as gdk-pixbuf's JPEG loader reads it: IFD0's tag 0x0112, a SHORT. The TurboJPEG
/// path decodes pixels only; this gives it the same upright result without a metadata
/// library. The input is untrusted: every read is bounds-checked; anything odd is 1.
enum JPEGExifOrientation {
    static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let n = bytes.count
        guard n >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return 1 }
        var i = 2
        while i + 4 <= n, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }              // fill byte
            if marker == 0xD9 || marker == 0xDA { return 1 }   // end of image, start of scan
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= n else { return 1 }
            let start = i + 4, end = i + 2 + length
            if marker == 0xE1, end - start >= 14, Array(bytes[start..<(start + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return tiffOrientation(UnsafeBufferPointer(rebasing: bytes[(start + 6)..<end]))
            }
            i = end
        }
        return 1
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
