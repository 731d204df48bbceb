/// What an MP4 or QuickTime file says besides its media, box by box: where it was taken (for
/// the asset's `location`) and which boxes an export that removes the location blanks.
///
/// Removing the location keeps a list, not a list of what to remove: of the metadata, only
/// the creation date, make and model (`keptItems`) stay; every other user-data entry, item,
/// XMP packet and `uuid` box, and any box not known to be part of the movie's structure, is
/// blanked — turned into a `free` box of the same size with zeros in it, so every offset
/// (chunk offsets into `mdat`) stays valid and the media is not touched. A file whose boxes
/// do not tile exactly, or that keeps data this cannot blank (a timed metadata or subtitle
/// track: a drone's or action camera's GPS track lives in the media), has a `refusal`.
///
/// The file is untrusted: every size is checked against what holds it, the nesting is
/// fixed (no recursion), the boxes looked at are capped and the movie box is read only
/// when it is of a plausible size.
public struct QuickTimeMetadata: Sendable {
    /// A box to blank: `size` bytes at `offset`, the first `headerLength` its header.
    public struct Blank: Sendable, Hashable {
        public let offset: UInt64
        public let size: UInt64
        public let headerLength: Int
    }

    /// The boxes that blanked remove every location (when `refusal` is nil).
    public private(set) var blanks: [Blank] = []
    /// Why the file cannot be cleaned of its location, in words; nil when it can.
    public private(set) var refusal: String?
    /// ISO 6709 points (`©xyz`, a `…location.ISO6709` item), as written.
    public private(set) var iso6709: [String] = []
    /// 3GPP `loci` positions.
    public private(set) var loci: [GeoLocation] = []
    /// XMP packets (`udta/XMP_`, the XMP `uuid` box), for a reader of XMP to look in.
    public private(set) var xmpPackets: [[UInt8]] = []
    /// What the movie header says (`QuickTimeHeader`), from the same read of the movie box.
    public private(set) var header: QuickTimeHeader?
    /// Apple's content identifier (`com.apple.quicktime.content.identifier`), which a Live
    /// Photo's movie shares with its still; the first plausible one (`moov/meta`, `udta/meta`).
    public private(set) var contentIdentifier: String?

    /// The location the boxes themselves spell out (XMP is for the caller to read).
    public var location: GeoLocation? { iso6709.lazy.compactMap(GeoText.iso6709).first ?? loci.first }

    /// Reads `fileSize` bytes through `read` (`QuickTimeHeader.Reader`).
    public static func read(fileSize: UInt64, read: QuickTimeHeader.Reader) -> QuickTimeMetadata {
        var found = QuickTimeMetadata()
        found.walkFile(fileSize: fileSize, read: read)
        if found.refusal != nil { found.blanks = [] }
        return found
    }

    /// A whole file held in memory (tests, fuzzing).
    public static func read(_ bytes: [UInt8]) -> QuickTimeMetadata {
        read(fileSize: UInt64(bytes.count)) { offset, count in
            guard offset <= UInt64(bytes.count) else { return nil }
            let start = Int(offset)
            return Array(bytes[start..<min(bytes.count, start + max(0, count))])
        }
    }

    /// Metadata items kept when the location goes: the creation date, make and model, as
    /// QuickTime keys name them (`mdta`) and as iTunes-style items do (`mdir`).
    public static let keptItems: Set<String> = [
        "com.apple.quicktime.creationdate", "com.apple.quicktime.make", "com.apple.quicktime.model", "©day", "©mak", "©mod",
    ]
    static let contentIdentifierItem = "com.apple.quicktime.content.identifier"
    /// Items that hold an ISO 6709 point.
    static let pointItems: Set<String> = ["com.apple.quicktime.location.ISO6709", "©xyz"]
    /// Top-level boxes of the file's structure: media data, fragments and their indexes.
    static let structure: Set<FourCC> = ["ftyp", "moov", "mdat", "free", "skip", "wide", "moof", "mfra", "sidx", "ssix", "styp", "prft", "pdin"]
    static let movieStructure: Set<FourCC> = ["mvhd", "trak", "mvex", "iods", "prfl", "clip", "ctab", "rmra", "free", "skip", "wide"]
    static let trackStructure: Set<FourCC> = ["tkhd", "tref", "edts", "mdia", "tapt", "load", "imap", "matt", "clip", "txas", "trgr", "kmat",
                                              "free", "skip", "wide"]
    /// Tracks whose samples hold no location: pictures, sound, time codes, hints, MPEG-4 systems.
    static let plainHandlers: Set<FourCC> = ["vide", "soun", "tmcd", "hint", "odsm", "sdsm"]
    /// The XMP `uuid` (BE7ACFCB-97A9-42E8-9C71-999491E3AFAC).
    static let xmpUUID: [UInt8] = [0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC]

    static let maxBoxes = 4096
    /// An XMP packet larger than this is blanked without being read.
    static let maxPacketBytes = 4 << 20

    // MARK: The walk

    private mutating func refuse(_ reason: String) {
        if refusal == nil { refusal = reason }
    }

    private mutating func blank(_ box: Box, base: UInt64) {
        blanks.append(Blank(offset: base + UInt64(box.start), size: UInt64(box.end - box.start), headerLength: box.headerLength))
    }

    private mutating func walkFile(fileSize: UInt64, read: QuickTimeHeader.Reader) {
        var offset: UInt64 = 0, count = 0, sawMovie = false
        // On after a refusal: the location is still read from what follows.
        while offset < fileSize {
            let left = fileSize - offset
            if left < 8 {
                // Some writers pad the end with a few zero bytes: nothing can hide there.
                if let tail = read(offset, Int(left)), tail.count == Int(left), tail.allSatisfy({ $0 == 0 }) { break }
                return refuse("it ends in the middle of a box")
            }
            count += 1
            guard count <= Self.maxBoxes else { return refuse("it has more than \(Self.maxBoxes) boxes") }
            guard let head = read(offset, 16), head.count >= 8 else { return refuse("it could not be read at byte \(offset)") }
            let type = FourCC(head, at: 4)
            guard let header = BoxHeader(head, available: left) else {
                if offset == 0, !Self.structure.contains(type) {
                    return refuse("it is not an MP4 or QuickTime video, the only kinds photopick can take a location out of")
                }
                return refuse(Self.runsPast(head, left) ? "it is cut short" : "its boxes could not be read at byte \(offset)")
            }
            if type == "moov" {
                guard !sawMovie else { return refuse("it has more than one movie box") }
                sawMovie = true
                let length = header.size - UInt64(header.headerLength)
                guard length <= UInt64(QuickTimeHeader.maxMovieBytes) else { return refuse("its movie box is larger than 32 MiB") }
                guard let payload = read(offset + UInt64(header.headerLength), Int(length)), payload.count == Int(length) else {
                    return refuse("its movie box could not be read")
                }
                self.header = QuickTimeHeader.movie(payload[...])
                movie(payload[...], base: offset + UInt64(header.headerLength))
            } else if type == "uuid" {
                if let packet = uuidXMP(offset: offset, header: header, read: read) { xmpPackets.append(packet) }
                blanks.append(Blank(offset: offset, size: header.size, headerLength: header.headerLength))
            } else if !Self.structure.contains(type) {
                blanks.append(Blank(offset: offset, size: header.size, headerLength: header.headerLength))
            }
            offset += header.size
        }
        if refusal == nil, !sawMovie { refuse("it has no movie box") }
    }

    /// Whether the box `head` starts claims more than the `left` bytes there are.
    static func runsPast(_ head: [UInt8], _ left: UInt64) -> Bool {
        let size32 = UInt64(BigEndian.u32(head, 0))
        if size32 == 1, head.count >= 16 { return BigEndian.u64(head, 8) > left }
        return size32 > left
    }

    /// The packet of a top-level XMP `uuid` box, when it is one and of a size to read.
    private func uuidXMP(offset: UInt64, header: BoxHeader, read: QuickTimeHeader.Reader) -> [UInt8]? {
        let start = offset + UInt64(header.headerLength), length = header.size - UInt64(header.headerLength)
        guard length >= 16, length - 16 <= UInt64(Self.maxPacketBytes), read(start, 16) == Self.xmpUUID,
              let packet = read(start + 16, Int(length - 16)), packet.count == Int(length - 16) else { return nil }
        return packet
    }

    /// `moov`'s children; `base` is the file offset of `payload`'s index 0.
    private mutating func movie(_ payload: ArraySlice<UInt8>, base: UInt64) {
        guard let children = Box.children(of: payload) else { return refuse("its movie box could not be read") }
        for child in children {
            switch child.type {
            case "trak": track(child, in: payload, base: base)
            case "udta": userData(child, in: payload, base: base)
            case "meta": meta(child, in: payload, base: base)
            case "cmov": refuse("its movie box is compressed")
            case "uuid":
                xmp(ofUUID: child.body(payload))
                blank(child, base: base)
            default:
                if !Self.movieStructure.contains(child.type) { blank(child, base: base) }
            }
        }
    }

    private mutating func track(_ trak: Box, in payload: ArraySlice<UInt8>, base: UInt64) {
        guard let children = Box.children(of: trak.body(payload)) else { return refuse("a track could not be read") }
        for child in children {
            switch child.type {
            case "mdia": media(child.body(payload))
            case "udta": userData(child, in: payload, base: base)
            case "meta": meta(child, in: payload, base: base)
            case "uuid":
                xmp(ofUUID: child.body(payload))
                blank(child, base: base)
            default:
                if !Self.trackStructure.contains(child.type) { blank(child, base: base) }
            }
        }
    }

    /// A track's kind (`mdia/hdlr`) and sample format (`stsd`): its samples are media data,
    /// which is never rewritten, so a track that may carry places there is refused.
    private mutating func media(_ mdia: ArraySlice<UInt8>) {
        guard let children = Box.children(of: mdia) else { return refuse("a track could not be read") }
        guard let hdlr = children.first(where: { $0.type == "hdlr" })?.body(mdia), hdlr.count >= 12 else {
            return refuse("a track has no handler")
        }
        let handler = FourCC(hdlr, at: hdlr.startIndex + 8)
        if Self.plainHandlers.contains(handler) { return }
        let descriptions = children.first { $0.type == "minf" }.flatMap { Box.children(of: $0.body(mdia)) }?
            .first { $0.type == "stbl" }.flatMap { stbl in Box.children(of: stbl.body(mdia))?.first { $0.type == "stsd" }?.body(mdia) }
        let format = descriptions.flatMap { $0.count >= 16 ? FourCC($0, at: $0.startIndex + 12) : nil }
        // QuickTime's timed metadata (`mebx`, an iPhone's live-photo track) names its keys in
        // its description: one that names no place holds none.
        if handler == "meta", format == "mebx", let descriptions, !Self.namesPlace(descriptions) { return }
        refuse("it has a \(format?.description ?? handler.description) track, which may record where it was taken "
            + "and cannot be taken out without rewriting the video")
    }

    static func namesPlace(_ bytes: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        return ["location", "iso6709", "gps", "geo"].contains { text.contains($0) }
    }

    /// `udta`: the kept entries stay (and `meta` is sorted through), all else is blanked.
    private mutating func userData(_ udta: Box, in payload: ArraySlice<UInt8>, base: UInt64) {
        var body = udta.body(payload)
        // QuickTime may end a user data list with a 32-bit zero.
        if body.count >= 4, body.suffix(4).allSatisfy({ $0 == 0 }), Box.children(of: body) == nil { body = body.dropLast(4) }
        guard let children = Box.children(of: body) else { return blank(udta, base: base) }
        for child in children {
            let value = child.body(payload)
            switch child.type {
            case "meta": meta(child, in: payload, base: base)
            case "free", "skip": break
            case "©day", "©mak", "©mod": break
            case "©xyz":
                // A QuickTime string: 16-bit length, 16-bit language, the text.
                if value.count > 4 { iso6709.append(String(decoding: value.dropFirst(4).prefix(256), as: UTF8.self)) }
                blank(child, base: base)
            case "loci":
                if let place = Self.loci(value) { loci.append(place) }
                blank(child, base: base)
            case "XMP_":
                if value.count <= Self.maxPacketBytes { xmpPackets.append(Array(value)) }
                blank(child, base: base)
            default:
                blank(child, base: base)
            }
        }
    }

    /// A `meta` box (a full box in MP4, a plain one in QuickTime): its `ilst` items sorted
    /// through by name; one whose handler names neither keys nor iTunes items is blanked whole.
    private mutating func meta(_ box: Box, in payload: ArraySlice<UInt8>, base: UInt64) {
        let body = box.body(payload)
        let start: Int
        if body.count >= 8, FourCC(body, at: body.startIndex + 4) == "hdlr" {
            start = body.startIndex
        } else if body.count >= 12, FourCC(body, at: body.startIndex + 8) == "hdlr" {
            start = body.startIndex + 4
        } else {
            return blank(box, base: base)
        }
        guard let children = Box.children(of: body[start...]),
              let hdlr = children.first(where: { $0.type == "hdlr" })?.body(payload), hdlr.count >= 12 else {
            return blank(box, base: base)
        }
        let handler = FourCC(hdlr, at: hdlr.startIndex + 8)
        guard handler == "mdta" || handler == "mdir" else { return blank(box, base: base) }
        let keys = children.first { $0.type == "keys" }.map { Self.keys($0.body(payload)) } ?? [:]
        for child in children {
            switch child.type {
            case "hdlr", "keys", "free", "skip": break
            case "ilst": items(child, in: payload, base: base, names: { handler == "mdta" ? keys[$0.rawValue] : $0.description })
            default: blank(child, base: base)
            }
        }
    }

    private mutating func items(_ ilst: Box, in payload: ArraySlice<UInt8>, base: UInt64, names: (FourCC) -> String?) {
        guard let items = Box.children(of: ilst.body(payload)) else { return blank(ilst, base: base) }
        for item in items where item.type != "free" && item.type != "skip" {
            let name = names(item.type)
            if let name, Self.pointItems.contains(name), let text = Self.dataText(item.body(payload)) { iso6709.append(text) }
            if contentIdentifier == nil, name == Self.contentIdentifierItem,
               let text = Self.dataText(item.body(payload)), AssetMetadata.isPlausibleIdentifier(text) {
                contentIdentifier = text
            }
            if name.map({ !Self.keptItems.contains($0) }) ?? true { blank(item, base: base) }
        }
    }

    private mutating func xmp(ofUUID body: ArraySlice<UInt8>) {
        if body.count >= 16, body.prefix(16).elementsEqual(Self.xmpUUID), body.count - 16 <= Self.maxPacketBytes {
            xmpPackets.append(Array(body.dropFirst(16)))
        }
    }

    // MARK: Values

    /// `keys`: version and flags, a count, then (size, namespace, name) entries, numbered from 1.
    static func keys(_ body: ArraySlice<UInt8>) -> [UInt32: String] {
        guard body.count >= 8 else { return [:] }
        var names: [UInt32: String] = [:]
        var i = body.startIndex + 8, index: UInt32 = 1
        while body.endIndex - i >= 8, index <= UInt32(maxBoxes) {
            let size = Int(BigEndian.u32(body, i))
            guard size >= 8, size <= body.endIndex - i else { break }
            names[index] = String(decoding: body[(i + 8)..<(i + size)], as: UTF8.self)
            i += size
            index += 1
        }
        return names
    }

    /// The text of an item's first `data` box (type and locale, then the value).
    static func dataText(_ item: ArraySlice<UInt8>) -> String? {
        guard let data = Box.children(of: item)?.first(where: { $0.type == "data" })?.body(item), data.count > 8 else { return nil }
        return String(decoding: data.dropFirst(8).prefix(256), as: UTF8.self)
    }

    /// 3GPP `loci`: version and flags, language, a name (UTF-8, or UTF-16 after its byte-order
    /// mark) ended by a zero, a role byte, then longitude, latitude and altitude in 16.16.
    static func loci(_ body: ArraySlice<UInt8>) -> GeoLocation? {
        let b = Array(body)
        guard b.count >= 6 else { return nil }
        var i = 6
        if b.count >= 8, b[6] == 0xFE, b[7] == 0xFF {
            i = 8
            while i + 1 < b.count, b[i] != 0 || b[i + 1] != 0 { i += 2 }
            i += 2
        } else {
            while i < b.count, b[i] != 0 { i += 1 }
            i += 1
        }
        i += 1  // role
        guard i + 12 <= b.count else { return nil }
        func fixed(_ at: Int) -> Double { Double(Int32(bitPattern: BigEndian.u32(b, at))) / 65536 }
        let (longitude, latitude, altitude) = (fixed(i), fixed(i + 4), fixed(i + 8))
        guard abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return GeoLocation(latitude: latitude, longitude: longitude, altitude: altitude)
    }
}

/// A box inside a payload held in memory: indices into that payload.
struct Box {
    let type: FourCC
    let start: Int
    let headerLength: Int
    let end: Int

    func body(_ payload: ArraySlice<UInt8>) -> ArraySlice<UInt8> { payload[(start + headerLength)..<end] }

    /// The boxes that tile `payload` exactly; nil when one is malformed or they do not.
    static func children(of payload: ArraySlice<UInt8>) -> [Box]? {
        var out: [Box] = []
        var i = payload.startIndex
        while i < payload.endIndex {
            guard out.count < QuickTimeMetadata.maxBoxes, payload.endIndex - i >= 8,
                  let header = BoxHeader(payload[i..<min(payload.endIndex, i + 16)], available: UInt64(payload.endIndex - i))
            else { return nil }
            let end = i + Int(header.size)
            out.append(Box(type: FourCC(payload, at: i + 4), start: i, headerLength: header.headerLength, end: end))
            i = end
        }
        return out
    }
}

/// A box type: four bytes, written as Latin-1 text ("moov", "©xyz").
struct FourCC: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    let rawValue: UInt32

    init(_ bytes: ArraySlice<UInt8>, at i: Int) { rawValue = BigEndian.u32(bytes, i) }

    init(_ bytes: [UInt8], at i: Int) { rawValue = BigEndian.u32(bytes, i) }

    init(stringLiteral value: String) {
        rawValue = value.unicodeScalars.reduce(0) { $0 << 8 | UInt32($1.value & 0xFF) }
    }

    /// Latin-1, with anything unprintable as "?": a type is shown in a reason, never trusted.
    var description: String {
        String((0..<4).map { shift -> Character in
            let byte = UInt8(truncatingIfNeeded: rawValue >> (24 - 8 * shift))
            return byte >= 0x20 && byte != 0x7F && (byte < 0x80 || byte >= 0xA0) ? Character(Unicode.Scalar(byte)) : "?"
        })
    }
}
