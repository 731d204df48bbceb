/// MP4/QuickTime boxes built byte by byte, for the tests of what a video says and of what an
/// export that removes its location leaves of it: every place a writer puts one.
public enum QuickTimeBuilder {
    public static func u16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    public static func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// A type as Latin-1 bytes ("©xyz" is A9 78 79 7A).
    public static func fourCC(_ type: String) -> [UInt8] { type.unicodeScalars.map { UInt8($0.value & 0xFF) } }

    public static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { u32(UInt32(8 + body.count)) + fourCC(type) + body }
    public static func fullBox(_ type: String, _ body: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + body) }

    public static let ftyp: [UInt8] = box("ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8))
    public static func mdat(_ count: Int = 64) -> [UInt8] { box("mdat", [UInt8](repeating: 0x5A, count: count)) }
    /// A version 0 movie header, 1 May 2024 12:00 UTC, 3 s long.
    public static let mvhd: [UInt8] = fullBox("mvhd", u32(3_797_409_600) + u32(3_797_409_600) + u32(1000) + u32(3000)
        + [UInt8](repeating: 0, count: 80))

    /// A track of `handler` kind whose samples are described as `format`.
    public static func trak(handler: String = "vide", format: String = "avc1", description: [UInt8] = []) -> [UInt8] {
        let hdlr = fullBox("hdlr", u32(0) + fourCC(handler) + [UInt8](repeating: 0, count: 12) + [0])
        let stsd = fullBox("stsd", u32(1) + box(format, [0, 0, 0, 0, 0, 0, 0, 1] + description))
        let minf = box("minf", box("stbl", stsd + fullBox("stco", u32(0))))
        return box("trak", fullBox("tkhd", [UInt8](repeating: 0, count: 80)) + box("mdia", fullBox("mdhd", [UInt8](repeating: 0, count: 20)) + hdlr + minf))
    }

    /// A QuickTime user-data string: length, language, text.
    public static func udtaString(_ type: String, _ text: String) -> [UInt8] {
        box(type, u16(UInt16(text.utf8.count)) + u16(0x15C7) + Array(text.utf8))
    }

    /// 3GPP `loci` at `latitude`, `longitude` (16.16 fixed point), named `name`.
    public static func loci(latitude: Double, longitude: Double, name: String = "Tour Eiffel") -> [UInt8] {
        func fixed(_ v: Double) -> [UInt8] { u32(UInt32(bitPattern: Int32(v * 65536))) }
        return fullBox("loci", u16(0x15C7) + Array(name.utf8) + [0, 0] + fixed(longitude) + fixed(latitude) + fixed(35)
            + Array("earth".utf8) + [0, 0])
    }

    /// A `meta` box of QuickTime keys (`mdta`), as iPhones write: each key with its text value.
    public static func keysMeta(_ items: [(key: String, value: String)], fullBox isFull: Bool = false) -> [UInt8] {
        let hdlr = fullBox("hdlr", u32(0) + fourCC("mdta") + [UInt8](repeating: 0, count: 12) + [0])
        let keys = fullBox("keys", u32(UInt32(items.count)) + items.flatMap { u32(UInt32(8 + $0.key.utf8.count)) + fourCC("mdta") + Array($0.key.utf8) })
        let ilst = box("ilst", items.enumerated().flatMap { i, item in
            u32(UInt32(8 + 16 + item.value.utf8.count)) + u32(UInt32(i + 1)) + box("data", u32(1) + u32(0) + Array(item.value.utf8))
        })
        return box("meta", (isFull ? [0, 0, 0, 0] : []) + hdlr + keys + ilst)
    }

    /// An iTunes-style `meta` (`mdir`) with `items` of 4CC names.
    public static func itunesMeta(_ items: [(type: String, value: String)]) -> [UInt8] {
        let hdlr = fullBox("hdlr", u32(0) + fourCC("mdir") + Array("appl".utf8) + [UInt8](repeating: 0, count: 8) + [0])
        let ilst = box("ilst", items.flatMap { box($0.type, box("data", u32(1) + u32(0) + Array($0.value.utf8))) })
        return fullBox("meta", hdlr + ilst)
    }

    public static let xmpUUID: [UInt8] = [0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC]

    /// An XMP packet with `exif:GPSLatitude`/`GPSLongitude`.
    public static func xmpPacket(latitude: String = "48,51.504N", longitude: String = "2,17.67E") -> [UInt8] {
        Array("""
            <?xpacket begin='\u{FEFF}' id='W5M0MpCehiHzreSzNTczkc9d'?>
            <x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>
            <rdf:Description rdf:about='' xmlns:exif='http://ns.adobe.com/exif/1.0/'>
            <exif:GPSLatitude>\(latitude)</exif:GPSLatitude><exif:GPSLongitude>\(longitude)</exif:GPSLongitude>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            <?xpacket end='w'?>
            """.utf8)
    }

    /// A file with a place in every box a writer puts one, and the items kept beside them.
    public static func locatedEverywhere() -> [UInt8] {
        let udta = box("udta", udtaString("©xyz", "+48.8584+002.2945+035.000/") + loci(latitude: 48.8584, longitude: 2.2945)
            + box("XMP_", xmpPacket()) + udtaString("©day", "2024-05-01T14:00:00+0200") + udtaString("©nam", "Paris")
            + itunesMeta([("©too", "Lavf"), ("©xyz", "+48.8584+002.2945/"), ("©day", "2024")]))
        let meta = keysMeta([("com.apple.quicktime.location.ISO6709", "+48.8584+002.2945+035.000/"),
                             ("com.apple.quicktime.creationdate", "2024-05-01T14:00:00+0200"),
                             ("com.apple.quicktime.make", "Apple"),
                             ("com.apple.quicktime.location.name", "Paris")])
        let moov = box("moov", mvhd + trak() + trak(handler: "soun", format: "mp4a") + meta + udta
            + box("uuid", xmpUUID + xmpPacket()))
        return ftyp + mdat() + moov + box("uuid", xmpUUID + xmpPacket()) + box("gps ", Array("freeGPS 48.8584 N".utf8))
    }
}
