import PhotoPickCore

/// The EXIF facts the model uses, read straight from a TIFF structure (IFD0 → Exif sub-IFD,
/// IFD0 → GPS IFD) with exactly the answers gexiv2 0.14 over exiv2 0.27 gives, without
/// exiv2 parsing the whole tree (thumbnail IFD, interoperability IFD, maker notes).
///
/// Exactness comes first: whenever the structure holds anything whose answer this reader
/// does not reproduce exactly, it returns nil and the caller asks exiv2. That covers a
/// malformed IFD on the chain; a tag of ours twice, with no values, or of a type gexiv2
/// would print or convert differently; a rational outside Int32 (exiv2 converts it);
/// pointer tricks that make exiv2 skip an IFD (an IFD at the start of another, or inside
/// another entry's value); XMP or sub-IFDs in IFD0 (exiv2 reads those too); a Minolta maker
/// note (gexiv2 takes its rotation before the Orientation tag).
enum ExifIFDReader {
    private enum Tag {
        static let make: UInt16 = 0x010F, model: UInt16 = 0x0110, orientation: UInt16 = 0x0112, software: UInt16 = 0x0131
        static let rating: UInt16 = 0x4746
        static let exifIFD: UInt16 = 0x8769, gpsIFD: UInt16 = 0x8825
        static let subIFDs: UInt16 = 0x014A, xmpPacket: UInt16 = 0x02BC
        static let dateTimeOriginal: UInt16 = 0x9003, offsetTimeOriginal: UInt16 = 0x9011
        static let makerNote: UInt16 = 0x927C, userComment: UInt16 = 0x9286
        static let latitudeRef: UInt16 = 1, latitude: UInt16 = 2, longitudeRef: UInt16 = 3, longitude: UInt16 = 4
        static let altitudeRef: UInt16 = 5, altitude: UInt16 = 6
    }

    private enum TIFFType {
        static let byte: UInt16 = 1, ascii: UInt16 = 2, short: UInt16 = 3, long: UInt16 = 4
        static let rational: UInt16 = 5, undefined: UInt16 = 7, srational: UInt16 = 10, ifd: UInt16 = 13
    }

    /// Thrown (and turned into nil) when the answer is not this reader's to give.
    private struct Decline: Error {}

    static func findings(_ tiff: UnsafeBufferPointer<UInt8>) -> MetadataFindings? {
        guard let view = TIFFView(tiff) else { return nil }
        return try? read(view)
    }

    private static func read(_ view: TIFFView) throws -> MetadataFindings {
        guard let ifd0Start = view.firstDirectory, let ifd0 = view.directory(at: ifd0Start) else { throw Decline() }
        let ifd0Tags = try Directory(ifd0, watching: [Tag.make, Tag.model, Tag.orientation, Tag.software, Tag.rating,
                                                          Tag.exifIFD, Tag.gpsIFD])
        if ifd0.contains(where: { $0.tag == Tag.subIFDs || $0.tag == Tag.xmpPacket }) { throw Decline() }

        var starts = [ifd0Start]
        var exif = Directory.empty, gps = Directory.empty
        var all = ifd0
        for (pointer, watched) in [(Tag.exifIFD, [Tag.dateTimeOriginal, Tag.offsetTimeOriginal, Tag.makerNote, Tag.userComment,
                                                     Tag.exifIFD, Tag.gpsIFD]),
                                   (Tag.gpsIFD, [Tag.latitudeRef, Tag.latitude, Tag.longitudeRef, Tag.longitude,
                                                 Tag.altitudeRef, Tag.altitude, Tag.exifIFD, Tag.gpsIFD])] {
            guard let entry = ifd0Tags[pointer] else { continue }
            guard entry.count == 1, entry.type == TIFFType.long || entry.type == TIFFType.ifd,
                  let start = view.u32(entry.value.lowerBound), !starts.contains(start),
                  let entries = view.directory(at: start) else { throw Decline() }
            let tags = try Directory(entries, watching: watched)
            // A pointer tag below IFD0 is a plain entry to exiv2, or another IFD: not ours.
            if tags[Tag.exifIFD] != nil || tags[Tag.gpsIFD] != nil { throw Decline() }
            starts.append(start)
            all += entries
            if pointer == Tag.exifIFD { exif = tags } else { gps = tags }
        }
        // Exiv2 reads each IFD once: one that starts where another does, or inside another
        // entry's value, or where any pointer-sized value points (an interoperability IFD,
        // a maker note's), may be skipped by it.
        for start in starts.dropFirst() {
            for entry in all where entry.value.count > 4 && entry.value.contains(start) { throw Decline() }
            for entry in all where (entry.type == TIFFType.long || entry.type == TIFFType.ifd) && entry.count == 1
                && view.u32(entry.value.lowerBound) == start {
                guard entry.tag == Tag.exifIFD || entry.tag == Tag.gpsIFD else { throw Decline() }
            }
        }

        var f = MetadataFindings()
        f.cameraMake = try text(ifd0Tags[Tag.make], view)
        f.cameraModel = try text(ifd0Tags[Tag.model], view)
        if let note = exif[Tag.makerNote] {
            // Exiv2 picks a maker note by the make; Minolta's carries a rotation gexiv2 prefers.
            guard let make = try rawASCII(ifd0Tags[Tag.make], view),
                  !String(decoding: make, as: UTF8.self).lowercased().contains("minolta") else { throw Decline() }
            // Apple's, which exiv2 keeps as raw bytes: the same bytes `Exiv2File` parses.
            f.contentIdentifier = AppleMakerNote.contentIdentifier(UnsafeBufferPointer(rebasing: view.bytes[note.value]))
        }
        f.orientation = try orientation(ifd0Tags[Tag.orientation], view)
        f.exifRating = try rating(ifd0Tags[Tag.rating], view)
        f.exifDateTimeOriginal = try text(exif[Tag.dateTimeOriginal], view)
        f.exifOffsetTimeOriginal = try text(exif[Tag.offsetTimeOriginal], view)
        f.location = try location(gps, view)
        f.software = try text(ifd0Tags[Tag.software], view).map { [$0] } ?? []
        f.userComments = try comment(exif[Tag.userComment], view).map { [$0] } ?? []
        return f
    }

    /// The entries of one IFD this reader looks at, by tag; each at most once and with values.
    private struct Directory {
        static let empty = Directory()
        private var found: [UInt16: TIFFView.Entry] = [:]

        private init() {}

        init(_ entries: [TIFFView.Entry], watching tags: [UInt16]) throws {
            for entry in entries where tags.contains(entry.tag) {
                // Twice: exiv2 keeps both and answers from the first it finds, maybe the other.
                // No values: gexiv2 then answers from whichever entry follows.
                guard found[entry.tag] == nil, entry.count > 0 else { throw Decline() }
                found[entry.tag] = entry
            }
        }

        subscript(tag: UInt16) -> TIFFView.Entry? { found[tag] }
    }

    // MARK: - Values, as gexiv2 hands them out

    /// An ASCII value's bytes up to the first NUL, as exiv2's string is read by `String(cString:)`.
    private static func rawASCII(_ entry: TIFFView.Entry?, _ view: TIFFView) throws -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard let entry else { return nil }
        guard entry.type == TIFFType.ascii else { throw Decline() }
        return view.bytes[entry.value].prefix { $0 != 0 }
    }

    /// What `Exiv2File.string` makes of an ASCII tag: trimmed, nil when empty.
    private static func text(_ entry: TIFFView.Entry?, _ view: TIFFView) throws -> String? {
        guard let raw = try rawASCII(entry, view) else { return nil }
        return trimmed(String(decoding: raw, as: UTF8.self))
    }

    /// Trimmed of white space as Foundation trims it; nil when nothing is left.
    private static func trimmed(_ string: String) -> String? {
        let scalars = string.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespaceOrNewline($0) }),
              let last = scalars.lastIndex(where: { !isWhitespaceOrNewline($0) }) else { return nil }
        return String(scalars[first...last])
    }

    /// Foundation's `CharacterSet.whitespacesAndNewlines` as Core Foundation defines it on
    /// Linux (its white space: U+0009, U+0020, U+00A0, U+1680, U+2000…U+200B, U+202F,
    /// U+205F, U+3000; its newlines: U+000A…U+000D, U+0085, U+2028, U+2029), asked per
    /// scalar: `trimmingCharacters(in:)` bridges through NSString, and was most of this
    /// reader's time. `ExifIFDReaderTests` holds it to Foundation's answer scalar by scalar.
    private static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// A UserComment as exiv2 prints it: its first 8 bytes name the character set, "ASCII"
    /// is printed as "charset=Ascii " before the text, 8 zero bytes as nothing; the text ends
    /// at its first NUL; then trimmed as `text` trims. Unicode, JIS and anything else, or a
    /// comment of another type: exiv2 decides.
    private static func comment(_ entry: TIFFView.Entry?, _ view: TIFFView) throws -> String? {
        guard let entry else { return nil }
        guard entry.type == TIFFType.undefined else { throw Decline() }
        let bytes = view.bytes[entry.value]
        guard bytes.count >= 8 else { throw Decline() }
        let code = Array(bytes.prefix(8))
        let prefix: String
        if code == Self.asciiCode { prefix = "charset=Ascii " } else if code.allSatisfy({ $0 == 0 }) { prefix = "" } else { throw Decline() }
        let text = bytes.dropFirst(8).prefix { $0 != 0 }
        return trimmed(prefix + String(decoding: text, as: UTF8.self))
    }

    private static let asciiCode: [UInt8] = Array("ASCII".utf8) + [0, 0, 0]

    /// gexiv2's orientation: the first SHORT when it is 1…8, else unspecified (0).
    private static func orientation(_ entry: TIFFView.Entry?, _ view: TIFFView) throws -> Int {
        guard let entry else { return 0 }
        guard entry.type == TIFFType.short, let value = view.u16(entry.value.lowerBound) else { throw Decline() }
        return (1...8).contains(value) ? value : 0
    }

    /// The rating exiv2 prints for one SHORT ("3"), as `Int` reads it back.
    private static func rating(_ entry: TIFFView.Entry?, _ view: TIFFView) throws -> Int? {
        guard let entry else { return nil }
        guard entry.type == TIFFType.short, entry.count == 1, let value = view.u16(entry.value.lowerBound) else { throw Decline() }
        return value
    }

    // MARK: - GPS, as gexiv2_metadata_try_get_gps_* computes it

    private static func location(_ gps: Directory, _ view: TIFFView) throws -> GeoLocation? {
        guard let latitude = try coordinate(ref: gps[Tag.latitudeRef], value: gps[Tag.latitude], view), latitude.isFinite,
              abs(latitude) <= 90,
              let longitude = try coordinate(ref: gps[Tag.longitudeRef], value: gps[Tag.longitude], view), longitude.isFinite,
              abs(longitude) <= 180 else { return nil }
        return GeoLocation(latitude: latitude, longitude: longitude, altitude: try altitude(gps, view))
    }

    /// Degrees, minutes, seconds as gexiv2 adds them (a −1 minute or second is left out),
    /// negated for an "S" or "W" reference; nil where gexiv2 fails.
    private static func coordinate(ref: TIFFView.Entry?, value: TIFFView.Entry?, _ view: TIFFView) throws -> Double? {
        guard let first = try refByte(ref, view), first != 0 else { return nil }
        guard let value else { return nil }
        guard value.type == TIFFType.rational || value.type == TIFFType.srational else { throw Decline() }
        guard value.count == 3 else { return nil }
        guard let degrees = try rational(value, 0, view), let minutes = try rational(value, 1, view),
              let seconds = try rational(value, 2, view) else { return nil }
        var result = degrees
        if minutes != -1.0 { result += minutes / 60.0 }
        if seconds != -1.0 { result += seconds / 3600.0 }
        if first == UInt8(ascii: "S") || first == UInt8(ascii: "W") { result *= -1.0 }
        return result
    }

    private static func altitude(_ gps: Directory, _ view: TIFFView) throws -> Double? {
        guard let ref = gps[Tag.altitudeRef] else { return nil }
        let first: UInt8
        if ref.type == TIFFType.byte {
            // Printed as a number: "1" (and "10"…"19", "100"…) start with '1'.
            first = String(view.bytes[ref.value.lowerBound]).utf8.first!
        } else {
            guard let byte = try refByte(ref, view) else { return nil }
            first = byte
        }
        guard first != 0, let value = gps[Tag.altitude] else { return nil }
        guard value.type == TIFFType.rational || value.type == TIFFType.srational else { throw Decline() }
        guard value.count == 1, var altitude = try rational(value, 0, view) else { return nil }
        if first == UInt8(ascii: "1") { altitude *= -1.0 }
        return altitude.isFinite ? altitude : nil
    }

    /// The first byte of an ASCII reference tag (0 for an empty string); nil when absent.
    private static func refByte(_ entry: TIFFView.Entry?, _ view: TIFFView) throws -> UInt8? {
        guard let entry else { return nil }
        guard entry.type == TIFFType.ascii else { throw Decline() }
        return view.bytes[entry.value.lowerBound]
    }

    /// gexiv2's `convert_rational`: 0 for a zero numerator, nil (its error) for a zero
    /// denominator. Exiv2 hands a RATIONAL out as a pair of Int32: larger parts decline.
    private static func rational(_ entry: TIFFView.Entry, _ index: Int, _ view: TIFFView) throws -> Double? {
        guard entry.type == TIFFType.rational || entry.type == TIFFType.srational,
              let n = view.u32(entry.value.lowerBound + index * 8), let d = view.u32(entry.value.lowerBound + index * 8 + 4)
        else { throw Decline() }
        let numerator: Int32, denominator: Int32
        if entry.type == TIFFType.srational {
            (numerator, denominator) = (Int32(truncatingIfNeeded: n), Int32(truncatingIfNeeded: d))
        } else {
            guard n <= Int(Int32.max), d <= Int(Int32.max) else { throw Decline() }
            (numerator, denominator) = (Int32(n), Int32(d))
        }
        if numerator == 0 { return 0.0 }
        if denominator == 0 { return nil }
        return Double(numerator) / Double(denominator)
    }
}
