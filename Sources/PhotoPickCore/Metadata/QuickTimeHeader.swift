/// What the header of an MP4, QuickTime (MOV), M4V or 3GP video says: its duration, when it
/// was made and its picture size as shown (a phone's portrait clip is stored sideways with
/// a rotation in its track header).
///
/// The file is untrusted: every box is bounds-checked, a size that does not move forward
/// ends the walk, the number of boxes looked at is capped, and the movie box (`moov`, which
/// may sit after gigabytes of media data) is read only when it is of a plausible size.
public struct QuickTimeHeader: Sendable, Hashable {
    public var durationSeconds: Double?
    /// The movie header's creation time, seconds since 1970 (UTC), when one is set.
    public var creationSeconds: Double?
    /// The first video track's size as displayed (after its rotation).
    public var width: Int?
    public var height: Int?
    /// How the first video track's frames are turned to be shown upright (players turn them;
    /// GTK 4.8's does not, so the preview does).
    public var quarterTurn: QuarterTurn = .none

    /// Reads byte ranges of a file: `read(offset, count)` returns at most `count` bytes
    /// (fewer at the end of the file), nil on an error.
    public typealias Reader = (_ offset: UInt64, _ count: Int) -> [UInt8]?

    /// The largest movie box read: real ones are kilobytes, long clips' a few megabytes.
    public static let maxMovieBytes = 32 << 20
    static let maxBoxes = 4096
    /// Seconds from 1904-01-01 (QuickTime's epoch) to 1970-01-01.
    static let epochOffset: Double = 2_082_844_800

    /// Parses the file `fileSize` bytes long that `read` reads; nil when it has no movie header.
    public static func parse(fileSize: UInt64, read: Reader) -> QuickTimeHeader? {
        var offset: UInt64 = 0
        var boxes = 0
        while offset + 8 <= fileSize, boxes < maxBoxes {
            boxes += 1
            guard let head = read(offset, 16), let box = BoxHeader(head, available: fileSize - offset) else { return nil }
            if box.type == "moov" {
                guard box.size - UInt64(box.headerLength) <= UInt64(maxMovieBytes),
                      let payload = read(offset + UInt64(box.headerLength), Int(box.size) - box.headerLength),
                      payload.count == Int(box.size) - box.headerLength else { return nil }
                return movie(payload[...])
            }
            offset += box.size
        }
        return nil
    }


    /// Parses a whole file held in memory (tests, fuzzing).
    public static func parse(_ bytes: [UInt8]) -> QuickTimeHeader? {
        parse(fileSize: UInt64(bytes.count)) { offset, count in
            guard offset <= UInt64(bytes.count) else { return nil }
            let start = Int(offset)
            return Array(bytes[start..<min(bytes.count, start + max(0, count))])
        }
    }

    /// The movie box's children: its header, then the tracks.
    static func movie(_ payload: ArraySlice<UInt8>) -> QuickTimeHeader? {
        var header = QuickTimeHeader()
        var sawHeader = false
        for (type, body) in children(payload) {
            if type == "mvhd", let mvhd = MovieHeader(body) {
                sawHeader = true
                if mvhd.timescale > 0, mvhd.duration > 0, mvhd.duration < UInt64.max / 2 {
                    let seconds = Double(mvhd.duration) / Double(mvhd.timescale)
                    if seconds.isFinite, seconds < 1e7 { header.durationSeconds = seconds }  // under 116 days
                }
                // Zero is "not set"; anything before 1990 is a clock that was never set.
                if mvhd.creation > 0 {
                    let unix = Double(mvhd.creation) - epochOffset
                    if unix >= 631_152_000, unix < 4_102_444_800 { header.creationSeconds = unix }
                }
            } else if type == "trak", header.width == nil, let track = videoTrack(body) {
                (header.width, header.height) = track.size
                header.quarterTurn = track.turn
            }
        }
        return sawHeader ? header : nil
    }

    /// The displayed size and turn of a video track (`tkhd` with a `vide` handler), or nil.
    static func videoTrack(_ trak: ArraySlice<UInt8>) -> (size: (Int, Int), turn: QuarterTurn)? {
        var track: (size: (Int, Int), turn: QuarterTurn)?
        var isVideo = false
        for (type, body) in children(trak) {
            if type == "tkhd", let tkhd = TrackHeader(body) { track = tkhd.displaySize.map { ($0, tkhd.turn) } }
            if type == "mdia" {
                for (child, hdlr) in children(body) where child == "hdlr" {
                    // version+flags (4), pre_defined (4), then the handler type.
                    isVideo = hdlr.count >= 12 && String(decoding: hdlr.dropFirst(8).prefix(4), as: UTF8.self) == "vide"
                }
            }
        }
        return isVideo ? track : nil
    }

    /// The boxes inside `payload`, as (type, body) pairs; stops at the first malformed one.
    static func children(_ payload: ArraySlice<UInt8>) -> [(String, ArraySlice<UInt8>)] {
        var out: [(String, ArraySlice<UInt8>)] = []
        var i = payload.startIndex
        while payload.endIndex - i >= 8, out.count < maxBoxes {
            guard let box = BoxHeader(payload[i..<min(payload.endIndex, i + 16)], available: UInt64(payload.endIndex - i))
            else { break }
            let end = i + Int(box.size)
            out.append((box.type, payload[(i + box.headerLength)..<end]))
            i = end
        }
        return out
    }
}

/// A box's size and type: 32-bit size, or 1 and a 64-bit size after the type, or 0 for
/// "to the end". Nil when the size is smaller than the header or larger than what is left.
struct BoxHeader {
    let size: UInt64
    let type: String
    let headerLength: Int

    init?(_ bytes: some Collection<UInt8>, available: UInt64) {
        let b = Array(bytes)
        guard b.count >= 8 else { return nil }
        let size32 = UInt64(BigEndian.u32(b, 0))
        type = String(decoding: b[4..<8], as: UTF8.self)
        switch size32 {
        case 0:
            (size, headerLength) = (available, 8)
        case 1:
            guard b.count >= 16 else { return nil }
            (size, headerLength) = (BigEndian.u64(b, 8), 16)
        default:
            (size, headerLength) = (size32, 8)
        }
        guard size >= UInt64(headerLength), size <= available else { return nil }
    }
}

/// `mvhd`: version 0 has 32-bit times and duration, version 1 64-bit ones.
struct MovieHeader {
    let creation: UInt64
    let timescale: UInt32
    let duration: UInt64

    init?(_ body: ArraySlice<UInt8>) {
        let b = Array(body)
        guard let version = b.first else { return nil }
        if version == 1 {
            guard b.count >= 32 else { return nil }
            (creation, timescale, duration) = (BigEndian.u64(b, 4), BigEndian.u32(b, 20), BigEndian.u64(b, 24))
        } else {
            guard b.count >= 20 else { return nil }
            (creation, timescale, duration) = (UInt64(BigEndian.u32(b, 4)), BigEndian.u32(b, 12), UInt64(BigEndian.u32(b, 16)))
        }
    }
}

/// `tkhd`: the matrix and the 16.16 fixed-point width and height at its end.
struct TrackHeader {
    let width: Int
    let height: Int
    /// The matrix's a, b, c, d (16.16): a quarter turn has a = d = 0.
    let a: Int32, b: Int32, c: Int32, d: Int32

    init?(_ body: ArraySlice<UInt8>) {
        let bytes = Array(body)
        guard let version = bytes.first else { return nil }
        // version+flags 4, times and track ID and reserved and duration: 20 (v0) or 32 (v1),
        // reserved 8, layer 2, group 2, volume 2, reserved 2, matrix 36, width 4, height 4.
        let matrix = 4 + (version == 1 ? 32 : 20) + 16
        guard bytes.count >= matrix + 44 else { return nil }
        a = Int32(bitPattern: BigEndian.u32(bytes, matrix))
        b = Int32(bitPattern: BigEndian.u32(bytes, matrix + 4))
        c = Int32(bitPattern: BigEndian.u32(bytes, matrix + 12))
        d = Int32(bitPattern: BigEndian.u32(bytes, matrix + 16))
        width = Int(BigEndian.u32(bytes, matrix + 36) >> 16)
        height = Int(BigEndian.u32(bytes, matrix + 40) >> 16)
    }

    var turn: QuarterTurn { QuarterTurn(a: a, b: b, c: c, d: d) }

    /// Width and height as shown: swapped for a quarter turn.
    var displaySize: (Int, Int)? {
        guard width > 0, height > 0 else { return nil }
        return a == 0 && d == 0 && b != 0 && c != 0 ? (height, width) : (width, height)
    }
}

enum BigEndian {
    static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    static func u64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(u32(b, i)) << 32 | UInt64(u32(b, i + 4)) }

    /// At index `i` of a slice (indices are the slice's own, as in its base array).
    static func u32(_ b: ArraySlice<UInt8>, _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
