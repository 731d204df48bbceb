@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// The Apple maker note parser takes bytes from any file: it finds tag 0x0011 in a well
/// formed note in either byte order, and gives nil, never a crash or a wrong read, for
/// anything else.
final class AppleMakerNoteTests: XCTestCase {
    private let id = "8C4F9D2A-51E0-4B7B-9F4A-3E2D1C0B9A87"

    /// A note in `be` byte order: a version entry and tag 0x0011 as `type`, value `value`.
    private func note(_ value: [UInt8], be: Bool = true, type: UInt16 = 2, count: UInt16 = 2, offset: UInt32? = nil,
                      signature: String = "Apple iOS") -> [UInt8] {
        let u16 = { TIFFBlockBuilder.u16($0, be) }, u32 = { TIFFBlockBuilder.u32($0, be) }
        var out = Array(signature.utf8) + [0, 0, 1] + Array((be ? "MM" : "II").utf8) + u16(count)
        out += u16(0x0001) + u16(9) + u32(1) + u32(14)
        let inline = value.count <= 4
        let valueField = inline ? value + [UInt8](repeating: 0, count: 4 - value.count) : u32(offset ?? UInt32(14 + 2 + 24 + 4))
        out += u16(0x0011) + u16(type) + u32(UInt32(value.count)) + valueField + u32(0)
        return inline ? out : out + value
    }

    func testTheIdentifierIsReadInEitherByteOrder() {
        XCTAssertEqual(AppleMakerNote.contentIdentifier(note(Array(id.utf8) + [0])), id)
        XCTAssertEqual(AppleMakerNote.contentIdentifier(note(Array(id.utf8) + [0], be: false)), id)
        XCTAssertEqual(AppleMakerNote.contentIdentifier(note(Array(id.utf8) + [0], type: 7)), id, "stored as UNDEFINED")
        XCTAssertEqual(AppleMakerNote.contentIdentifier(note(Array("AB1".utf8) + [0])), "AB1", "a value held in the entry")
    }

    func testAnythingElseIsNil() {
        let good = note(Array(id.utf8) + [0])
        var cases: [(String, [UInt8])] = [
            ("empty", []),
            ("other maker", note(Array(id.utf8) + [0], signature: "Nikon")),
            ("truncated value", Array(good.dropLast(10))),
            ("offset far out", note(Array(id.utf8) + [0], offset: 0xFFFF_FFF0)),
            ("offset just past", note(Array(id.utf8) + [0], offset: UInt32(good.count - 36))),
            ("entry count huge", note(Array(id.utf8) + [0], count: 0xFFFF)),
            ("entries past the end", note(Array(id.utf8) + [0], count: 10)),
            ("a SHORT, not text", note(Array(id.utf8) + [0], type: 3)),
            ("control bytes", note(Array("8C4F\u{1}\u{1B}[2J".utf8) + [0])),
            ("non-ASCII", note(Array("8C4F-é".utf8) + [0])),
            ("empty text", note([0])),
            ("longer than 64", note(Array(String(repeating: "A", count: 80).utf8) + [0])),
            ("byte order junk", Array(good.prefix(12)) + Array("XX".utf8) + Array(good.dropFirst(14))),
            ("header only", Array(good.prefix(14))),
        ]
        for cut in stride(from: 0, to: good.count, by: 3) { cases.append(("cut at \(cut)", Array(good.prefix(cut)))) }
        for (what, bytes) in cases {
            XCTAssertNil(AppleMakerNote.contentIdentifier(bytes), what)
        }
    }

    func testRandomBytesNeverCrash() {
        var random = SeededGenerator(seed: 0x927C)
        let good = note(Array(id.utf8) + [0])
        for _ in 0..<2_000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                bytes[Int.random(in: 14..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if let found = AppleMakerNote.contentIdentifier(bytes) { XCTAssertTrue(AssetMetadata.isPlausibleIdentifier(found)) }
        }
    }
}
