/// The video of a Samsung Motion Photo JPEG that carries no Google XMP: it lies in the SEF
/// trailer after the image, as exiftool's `ProcessSamsung` reads it. The file ends in
/// blocks of `[data][u32 length][type]` (little-endian), walked back from the end (past a
/// final "QDIOBS"); the "SEFT" block's data is the directory: "SEFH", a version, a count,
/// then 12-byte entries (u16 0, u16 type, u32 distance back from the directory, u32 size).
/// Each entry's record is u16 0, u16 type, u32 name length, the name, the data; the video's
/// type is 0x0a30 ("MotionPhoto_Data").
///
/// The bytes are untrusted: every length and distance is checked against the file, the
/// walk is a few blocks and entries long, and the range is kept only where an MP4 starts.
public enum SamsungTrailer {
    static let videoType = 0x0A30
    static let maxBlocks = 8
    static let maxEntries = 256

    /// The video's range, or nil when the file ends in no such trailer. A few small reads.
    public static func motionVideo(fileSize: UInt64, read: QuickTimeHeader.Reader) -> ByteRange? {
        guard fileSize >= 6, fileSize <= UInt64(Int64.max), let tail = read(fileSize - 6, 6), tail.count == 6 else { return nil }
        var blockEnd: UInt64
        if tail.elementsEqual([0, 0] + Array("SEFT".utf8)) {
            blockEnd = fileSize
        } else if tail.elementsEqual("QDIOBS".utf8) {
            blockEnd = fileSize - 2
        } else {
            return nil
        }
        for _ in 0..<maxBlocks {
            guard blockEnd >= 8, let footer = read(blockEnd - 8, 8), footer.count == 8 else { return nil }
            let length = UInt64(le32(footer, 0)), type = footer[4...]
            guard type.allSatisfy(isWordByte), length >= 4, length < 0x10000, length + 8 < blockEnd else { return nil }
            let dataStart = blockEnd - 8 - length
            blockEnd = dataStart
            guard type.elementsEqual("SEFT".utf8) else { continue }
            guard let directory = read(dataStart, Int(length)), directory.count == Int(length) else { return nil }
            return video(in: directory, at: dataStart, read: read)
        }
        return nil
    }

    /// The video entry of the directory that starts at file offset `at`.
    static func video(in directory: [UInt8], at: UInt64, read: QuickTimeHeader.Reader) -> ByteRange? {
        guard directory.count >= 12, directory.starts(with: "SEFH".utf8) else { return nil }
        let count = Int(le32(directory, 8))
        guard count <= maxEntries, 12 + 12 * count <= directory.count else { return nil }
        for index in 0..<count {
            let entry = 12 + 12 * index
            guard Int(le16(directory, entry + 2)) == videoType else { continue }
            let back = UInt64(le32(directory, entry + 4)), size = UInt64(le32(directory, entry + 8))
            guard back <= at, size >= 8, size <= back else { return nil }
            let record = at - back
            guard let head = read(record, 8), head.count == 8, Int(le16(head, 2)) == videoType else { return nil }
            let nameLength = UInt64(le32(head, 4))
            guard nameLength + 8 < size else { return nil }
            let range = ByteRange(offset: Int64(record + 8 + nameLength), length: Int64(size - 8 - nameLength))
            return EmbeddedVideo.verified(range, read: read)
        }
        return nil
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x5F
    }

    private static func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }

    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
}
