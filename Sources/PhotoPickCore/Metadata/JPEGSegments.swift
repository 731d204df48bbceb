/// The one walk over a JPEG stream's marker segments before the image data, shared by
/// everything that reads a JPEG's header from bytes in memory (the frame header's size, the
/// EXIF orientation, the metadata fast path), so the markers are walked once per use and
/// in one way.
///
/// The input is untrusted: every read is bounds-checked, and a walk that meets anything
/// unexpected ends with `.malformed` instead of guessing.
public enum JPEGSegments {
    /// One marker segment: its marker byte and where its payload (after the two length
    /// bytes) lies. `declaredEnd` may lie beyond the buffer when the segment was cut off.
    public struct Segment {
        public let marker: UInt8
        public let payloadStart: Int
        public let declaredEnd: Int

        /// An SOFn marker (C0…CF but DHT C4, JPG C8 and DAC CC): a frame header.
        public var isFrameHeader: Bool {
            (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
        }
    }

    /// How a walk ended.
    public enum End: Equatable {
        /// At the start of scan (SOS): every header segment was seen.
        case startOfScan
        /// At end of image (EOI) before any scan.
        case endOfImage
        /// The buffer ended first (the file is longer, or was cut off).
        case truncated
        /// Not a JPEG stream, or bytes that are not a marker where one must be.
        case malformed
        /// The visitor asked to stop.
        case stopped
    }

    /// Whether `bytes` starts like a JPEG stream (SOI).
    public static func isJPEG(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 4 && bytes[0] == 0xFF && bytes[1] == 0xD8
    }

    /// Calls `visit` with each segment that has a length, in order, until the scan starts,
    /// the image ends, the buffer ends, or `visit` returns false. Fill bytes (repeated FF)
    /// are skipped; markers without a length (TEM, RSTn, SOI) are passed over when
    /// `standalone` is nil, else reported to it (return false to stop).
    @discardableResult
    public static func walk(_ bytes: UnsafeBufferPointer<UInt8>, standalone: ((UInt8) -> Bool)? = nil,
                            _ visit: (Segment) -> Bool) -> End {
        let n = bytes.count
        guard isJPEG(bytes) else { return .malformed }
        var i = 2
        while i < n {
            guard bytes[i] == 0xFF else { return .malformed }  // a marker must follow a segment
            while i < n, bytes[i] == 0xFF { i += 1 }            // fill bytes
            guard i < n else { return .truncated }
            let marker = bytes[i]
            i += 1
            switch marker {
            case 0x01, 0xD0...0xD8:
                if let standalone, !standalone(marker) { return .stopped }
                continue
            case 0xD9: return .endOfImage
            case 0xDA: return .startOfScan
            default: break
            }
            guard i + 2 <= n else { return .truncated }
            let length = Int(bytes[i]) << 8 | Int(bytes[i + 1])
            guard length >= 2 else { return .malformed }
            if !visit(Segment(marker: marker, payloadStart: i + 2, declaredEnd: i + length)) { return .stopped }
            i += length
        }
        return .truncated
    }
}
