/// A bounds-checked view of a TIFF structure in memory (a JPEG's Exif payload after
/// "Exif\0\0"): its byte order, and the entries of one IFD at a time.
///
/// The input is untrusted. Every offset and count is checked against the buffer, and an
/// IFD that is not exactly well formed (more entries than exiv2 reads, an entry or a value
/// outside the buffer, a type exiv2 does not size the way this does, a count exiv2 skips)
/// is refused whole: the caller then lets exiv2 decide.
struct TIFFView {
    let bytes: UnsafeBufferPointer<UInt8>
    let littleEndian: Bool

    /// One IFD entry: tag, type, count, and where its value bytes lie in the buffer.
    struct Entry {
        let tag: UInt16
        let type: UInt16
        let count: Int
        let value: Range<Int>
    }

    /// Exiv2 reads no directory with more entries than this ("considered invalid").
    static let maxEntries = 256
    /// Exiv2 skips an entry with a count this large ("invalid size").
    static let maxCount = 0x1000_0000

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0x49, 0x49, 0x2A, 0x00): littleEndian = true
        case (0x4D, 0x4D, 0x00, 0x2A): littleEndian = false
        default: return nil
        }
        self.bytes = bytes
    }

    /// Where IFD0 starts, as the header says.
    var firstDirectory: Int? { u32(4) }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at <= bytes.count - 2 else { return nil }
        let a = Int(bytes[at]), b = Int(bytes[at + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    func u32(_ at: Int) -> Int? {
        guard let a = u16(at), let b = u16(at + 2) else { return nil }
        return littleEndian ? a | b << 16 : a << 16 | b
    }

    /// The byte size of one value of a TIFF type (1…13), 0 for any other.
    static func typeSize(_ type: UInt16) -> Int {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: 0
        }
    }

    /// The entries of the IFD at `offset`, in file order; nil unless every entry and every
    /// value lies inside the buffer and past the header. Reads a fixed number of entries
    /// (at most `maxEntries`), never follows a pointer.
    func directory(at offset: Int) -> [Entry]? {
        guard offset >= 8, let n = u16(offset), n <= Self.maxEntries,
              offset + 2 + n * 12 <= bytes.count else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(n)
        for i in 0..<n {
            let at = offset + 2 + i * 12
            guard let tag = u16(at), let type = u16(at + 2), let count = u32(at + 4) else { return nil }
            let size = Self.typeSize(UInt16(type))
            guard size > 0, count < Self.maxCount else { return nil }
            let length = size * count
            let start: Int
            if length <= 4 {
                start = at + 8
            } else {
                // Exiv2 truncates a value at offset 0 or past the end: not reproduced, refused.
                guard let pointer = u32(at + 8), pointer >= 8, pointer <= bytes.count - length else { return nil }
                start = pointer
            }
            entries.append(Entry(tag: UInt16(tag), type: UInt16(type), count: count, value: start..<(start + length)))
        }
        return entries
    }
}
