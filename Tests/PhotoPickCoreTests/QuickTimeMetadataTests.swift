@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// The boxes of a video that say where it was taken, read, and blanked for an export that
/// removes the location: every place a writer puts one, what is kept beside them, and what
/// hostile sizes do. Files are built here byte by byte (`QuickTimeBuilder`).
final class QuickTimeMetadataTests: XCTestCase {
    typealias Q = QuickTimeBuilder

    /// `file` with `blanks` made `free` boxes of zeros, as the export writes them.
    private func applied(_ blanks: [QuickTimeMetadata.Blank], to file: [UInt8]) -> [UInt8] {
        var out = file
        for blank in blanks {
            let start = Int(blank.offset)
            out.replaceSubrange((start + 4)..<(start + 8), with: Array("free".utf8))
            for i in (start + blank.headerLength)..<(start + Int(blank.size)) { out[i] = 0 }
        }
        return out
    }

    private func contains(_ haystack: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    func testEveryPlaceIsReadAndBlankedAndTheKeptItemsStay() throws {
        let file = Q.locatedEverywhere()
        let found = QuickTimeMetadata.read(file)
        XCTAssertNil(found.refusal)
        let place = try XCTUnwrap(found.location)
        XCTAssertEqual(place.latitude, 48.8584, accuracy: 1e-4)
        XCTAssertEqual(place.longitude, 2.2945, accuracy: 1e-4)
        XCTAssertEqual(found.iso6709.count, 3, "udta ©xyz, the location key, the iTunes ©xyz item")
        XCTAssertEqual(found.loci.count, 1)
        XCTAssertEqual(found.xmpPackets.count, 3, "udta XMP_, the uuid in moov, the uuid at the top")
        XCTAssertEqual(found.header?.durationSeconds, 3)

        let cleaned = applied(found.blanks, to: file)
        XCTAssertEqual(cleaned.count, file.count, "no box moves")
        let again = QuickTimeMetadata.read(cleaned)
        XCTAssertNil(again.refusal)
        XCTAssertEqual(again.blanks, [], "nothing left to blank")
        XCTAssertNil(again.location)
        XCTAssertEqual(again.xmpPackets.count, 0)
        XCTAssertEqual(again.header, found.header, "the movie header is untouched")
        // The keys' names stay (`location.name` too), their values go.
        for gone in ["48.8584", "48,51", "Paris", "Tour Eiffel", "freeGPS"] {
            XCTAssertFalse(contains(cleaned, gone), "\(gone) is still in the bytes")
        }
        for kept in ["2024-05-01T14:00:00+0200", "Apple", "com.apple.quicktime.creationdate"] {
            XCTAssertTrue(contains(cleaned, kept), "\(kept) was kept")
        }
        XCTAssertEqual(Array(cleaned[Q.ftyp.count..<(Q.ftyp.count + 72)]), Q.mdat(), "the media data is not touched")
    }

    func testAFullBoxMetaAndABoxWithA64BitSizeAreBlankedInPlace() {
        let big = Q.u32(1) + Array("uuid".utf8) + [0, 0, 0, 0] + Q.u32(UInt32(16 + 16 + Q.xmpPacket().count)) + Q.xmpUUID + Q.xmpPacket()
        let file = Q.ftyp + Q.box("moov", Q.mvhd + Q.trak()
            + Q.keysMeta([("com.apple.quicktime.location.ISO6709", "+48.8584+002.2945/")], fullBox: true)) + big
        let found = QuickTimeMetadata.read(file)
        XCTAssertNil(found.refusal)
        XCTAssertEqual(found.iso6709, ["+48.8584+002.2945/"])
        XCTAssertEqual(found.xmpPackets.count, 1, "the 64-bit uuid box's packet")
        let cleaned = applied(found.blanks, to: file)
        let top = file.count - big.count
        XCTAssertEqual(Array(cleaned[top..<(top + 16)]), Q.u32(1) + Array("free".utf8) + Array(big[8..<16]), "its 64-bit size stays")
        let again = QuickTimeMetadata.read(cleaned)
        XCTAssertEqual(again.blanks, [])
        XCTAssertNil(again.location)
    }

    func testAQuickTimeUserDataTerminatorIsAccepted() {
        let udta = Q.box("udta", Q.udtaString("©xyz", "+48.8584+002.2945/") + [0, 0, 0, 0])
        let found = QuickTimeMetadata.read(Q.ftyp + Q.box("moov", Q.mvhd + Q.trak() + udta) + Q.mdat())
        XCTAssertNil(found.refusal)
        XCTAssertEqual(found.iso6709, ["+48.8584+002.2945/"])
        XCTAssertEqual(found.blanks.count, 1)
    }

    func testTracksWhoseSamplesMayHoldPlacesAreRefused() {
        func read(_ track: [UInt8]) -> QuickTimeMetadata {
            QuickTimeMetadata.read(Q.ftyp + Q.mdat() + Q.box("moov", Q.mvhd + Q.trak() + track))
        }
        let gopro = read(Q.trak(handler: "meta", format: "gpmd"))
        XCTAssertEqual(gopro.refusal, "it has a gpmd track, which may record where it was taken and cannot be taken out without rewriting the video")
        XCTAssertEqual(gopro.blanks, [], "a refused file gets nothing to write")
        XCTAssertNotNil(read(Q.trak(handler: "text", format: "tx3g")).refusal, "a drone's subtitles carry its GPS")
        XCTAssertNotNil(read(Q.trak(handler: "meta", format: "camm")).refusal)
        let located = Q.box("keys", Q.box("\0\0\0\u{1}", Q.box("keyd", Array("mdtacom.apple.quicktime.location.ISO6709".utf8))))
        XCTAssertNotNil(read(Q.trak(handler: "meta", format: "mebx", description: located)).refusal)
        let livePhoto = Q.box("keys", Q.box("\0\0\0\u{1}", Q.box("keyd", Array("mdtacom.apple.quicktime.still-image-time".utf8))))
        XCTAssertNil(read(Q.trak(handler: "meta", format: "mebx", description: livePhoto)).refusal, "an iPhone's live-photo track")
        XCTAssertNil(read(Q.trak(handler: "soun", format: "mp4a")).refusal)
        XCTAssertNil(read(Q.trak(handler: "tmcd", format: "tmcd")).refusal)
    }

    func testBoxesThatDoNotAddUpAreRefused() {
        let good = Q.ftyp + Q.mdat() + Q.box("moov", Q.mvhd + Q.trak() + Q.box("udta", Q.udtaString("©xyz", "+48.8584+002.2945/")))
        XCTAssertNil(QuickTimeMetadata.read(good).refusal)
        XCTAssertNil(QuickTimeMetadata.read(good + [0, 0, 0]).refusal, "zero padding at the end")
        let cases: [(String, [UInt8])] = [
            ("cut in the movie box", Array(good.dropLast(7))),
            ("cut in a header", Array(good.prefix(Q.ftyp.count + 5))),
            ("junk at the end", good + [1, 2, 3]),
            ("a size past the end", good + Q.u32(4096) + Array("free".utf8)),
            ("a size below its header", Q.ftyp + Q.u32(4) + Array("mdat".utf8) + good),
            ("two movie boxes", good + Q.box("moov", Q.mvhd)),
            ("a compressed movie box", Q.ftyp + Q.box("moov", Q.box("cmov", [1, 2, 3, 4]))),
            ("no movie box", Q.ftyp + Q.mdat()),
            ("Matroska", [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01] + [UInt8](repeating: 0, count: 64)),
            ("a track that does not add up", Q.ftyp + Q.box("moov", Q.mvhd + Q.box("trak", Q.u32(99) + Array("tkhd".utf8)))),
            ("a track without a handler", Q.ftyp + Q.box("moov", Q.mvhd + Q.box("trak", Q.box("mdia", [])))),
            ("an empty file", []),
        ]
        for (what, file) in cases {
            let found = QuickTimeMetadata.read(file)
            XCTAssertNotNil(found.refusal, what)
            XCTAssertEqual(found.blanks, [], what)
        }
        XCTAssertEqual(QuickTimeMetadata.read(cases[0].1).refusal, "it is cut short")
        XCTAssertEqual(QuickTimeMetadata.read(cases[8].1).refusal,
                       "it is not an MP4 or QuickTime video, the only kinds photopick can take a location out of")
    }

    /// Mangled copies of a located file: nothing traps, every blank lies inside the file and
    /// apart from the others, and a file the reader would clean reads back clean.
    func testHostileBytesNeverCrashAndWhatIsCleanedReadsBackClean() {
        var random = SeededGenerator(seed: 26)
        let original = Q.locatedEverywhere()
        var cleanedSome = 0
        for round in 0..<3000 {
            var file = original
            switch round % 4 {
            case 0: file = Array(file.prefix(Int.random(in: 0...file.count, using: &random)))
            case 1:
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    file[Int.random(in: 0..<file.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            case 2:
                // A size field (at a box boundary or anywhere) set to something odd.
                let at = Int.random(in: 0..<(file.count - 4), using: &random)
                let size = [0, 1, 7, 8, 9, 0xFFFF_FFFF, UInt32.random(in: 0...UInt32(file.count * 2), using: &random)].randomElement(using: &random)!
                file.replaceSubrange(at..<(at + 4), with: Q.u32(UInt32(size)))
            default:
                file += random.trickyBytes(maxLength: 40)
            }
            let found = QuickTimeMetadata.read(file)
            var end: UInt64 = 0
            for blank in found.blanks.sorted(by: { $0.offset < $1.offset }) {
                XCTAssertGreaterThanOrEqual(blank.offset, end, "blanks overlap (round \(round))")
                XCTAssertLessThanOrEqual(blank.offset + blank.size, UInt64(file.count), "a blank past the end (round \(round))")
                XCTAssertGreaterThanOrEqual(blank.size, UInt64(blank.headerLength))
                end = blank.offset + blank.size
            }
            guard found.refusal == nil else { continue }
            cleanedSome += 1
            let again = QuickTimeMetadata.read(applied(found.blanks, to: file))
            XCTAssertNil(again.refusal, "round \(round)")
            XCTAssertEqual(again.blanks, [], "round \(round)")
            XCTAssertNil(again.location, "round \(round)")
            XCTAssertEqual(again.xmpPackets.count, 0, "round \(round)")
        }
        XCTAssertGreaterThan(cleanedSome, 300, "enough mangled files are cleanable for the property to say something")
    }
}
