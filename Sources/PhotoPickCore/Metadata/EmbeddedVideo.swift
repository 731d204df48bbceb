/// Finding and checking the video a Motion Photo carries inside its file, with a few small
/// reads (`QuickTimeHeader.Reader`), never the video itself.
public enum EmbeddedVideo {
    /// `range` when an MP4 or QuickTime file starts there: an `ftyp` box that fits in it.
    /// An editor may keep a Motion Photo's XMP after cutting the video off, or leave
    /// something else in its place: one read of 8 bytes tells.
    public static func verified(_ range: ByteRange, read: QuickTimeHeader.Reader) -> ByteRange? {
        guard range.offset > 0, range.length >= 8, range.end != nil,
              let head = read(UInt64(range.offset), 8), head.count == 8, head[4...].elementsEqual("ftyp".utf8) else { return nil }
        let size = Int64(BigEndian.u32(head, 0))
        return size >= 8 && size <= range.length ? range : nil
    }

    /// The top-level boxes looked at for `mpvd`: a HEIF has a handful (ftyp, meta, mdat…).
    static let maxTopLevelBoxes = 64

    /// The payload of a HEIF's top-level `mpvd` box (a Samsung or Google HEIC Motion
    /// Photo's MP4), verified; nil when there is none. One 16-byte read per top-level box.
    public static func heifMotionBox(fileSize: UInt64, read: QuickTimeHeader.Reader) -> ByteRange? {
        var offset: UInt64 = 0
        for _ in 0..<maxTopLevelBoxes {
            guard offset < fileSize, let head = read(offset, 16),
                  let header = BoxHeader(head, available: fileSize - offset) else { return nil }
            if header.type == "mpvd" {
                let start = offset + UInt64(header.headerLength), length = header.size - UInt64(header.headerLength)
                guard start <= UInt64(Int64.max), length <= UInt64(Int64.max) else { return nil }
                return verified(ByteRange(offset: Int64(start), length: Int64(length)), read: read)
            }
            offset += header.size
        }
        return nil
    }
}
