/// The one fact photopick reads from an Apple maker note (Exif 0x927C): the content
/// identifier (tag 0x0011) a Live Photo's still shares with its movie. No exiv2 decodes
/// Apple's note, so the JPEG fast path (`ExifIFDReader`), exiv2's raw bytes of the tag and a
/// HEIC's Exif block all hand the note's bytes here.
///
/// Layout: "Apple iOS\0", a 2-byte version, "MM" (or "II"), then an IFD at +14 whose value
/// offsets count from the note's first byte (exiftool: `Base => '$start - 14'`).
///
/// The bytes are untrusted: every offset and count is checked against the note, the IFD is
/// read once (no pointer followed), and a value that is not a plausible identifier is nil.
public enum AppleMakerNote {
    static let signature: [UInt8] = Array("Apple iOS".utf8) + [0]
    static let contentIdentifierTag = 0x0011
    static let ifdStart = 14
    /// More entries than a real note has (about 40): a damaged one, not read.
    static let maxEntries = 256

    /// The content identifier, or nil when the bytes are not an Apple note holding one.
    public static func contentIdentifier(_ note: UnsafeBufferPointer<UInt8>) -> String? {
        guard note.count >= ifdStart + 2, note.starts(with: signature) else { return nil }
        let littleEndian: Bool
        switch (note[12], note[13]) {
        case (0x4D, 0x4D): littleEndian = false
        case (0x49, 0x49): littleEndian = true
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at <= note.count - 2 else { return nil }
            let a = Int(note[at]), b = Int(note[at + 1])
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return littleEndian ? a | b << 16 : a << 16 | b
        }
        // The whole IFD inside the note, as exiftool and exiv2 read one, or none of it.
        guard let count = u16(ifdStart), count <= maxEntries, ifdStart + 2 + count * 12 <= note.count else { return nil }
        for i in 0..<count {
            let entry = ifdStart + 2 + i * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let length = u32(entry + 4) else { return nil }
            guard tag == contentIdentifierTag else { continue }
            // ASCII (or UNDEFINED, as some rewriters store text): one byte per value.
            guard type == 2 || type == 7, length > 0, length <= AssetMetadata.maxIdentifierBytes + 1 else { return nil }
            let start: Int
            if length <= 4 {
                start = entry + 8
            } else {
                guard let offset = u32(entry + 8) else { return nil }
                start = offset
            }
            guard start >= 0, start <= note.count - length else { return nil }
            let text = note[start..<(start + length)].prefix { $0 != 0 }
            let id = String(decoding: text, as: UTF8.self)
            return AssetMetadata.isPlausibleIdentifier(id) ? id : nil
        }
        return nil
    }

    /// The same, from bytes in an array (exiv2's copy of the tag, tests).
    public static func contentIdentifier(_ note: [UInt8]) -> String? {
        note.withUnsafeBufferPointer(contentIdentifier)
    }
}
