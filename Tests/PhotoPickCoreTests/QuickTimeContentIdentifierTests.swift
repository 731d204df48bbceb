@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// A Live Photo's movie names its still by `com.apple.quicktime.content.identifier`, a
/// QuickTime key in `moov/meta` (Apple) or `moov/udta/meta` (ffmpeg's `use_metadata_tags`).
final class QuickTimeContentIdentifierTests: XCTestCase {
    typealias Q = QuickTimeBuilder
    private let key = "com.apple.quicktime.content.identifier"
    private let id = "8C4F9D2A-51E0-4B7B-9F4A-3E2D1C0B9A87"

    func testTheIdentifierIsReadWhereAppleAndFfmpegWriteIt() {
        let apple = Q.ftyp + Q.box("moov", Q.mvhd + Q.trak()
            + Q.keysMeta([("com.apple.quicktime.make", "Apple"), (key, id), ("com.apple.quicktime.still-image-time", "0")])) + Q.mdat()
        XCTAssertEqual(QuickTimeMetadata.read(apple).contentIdentifier, id, "moov/meta")
        let ffmpeg = Q.ftyp + Q.box("moov", Q.mvhd + Q.trak() + Q.box("udta", Q.keysMeta([(key, id)], fullBox: true))) + Q.mdat()
        XCTAssertEqual(QuickTimeMetadata.read(ffmpeg).contentIdentifier, id, "moov/udta/meta")
    }

    func testOtherKeysAndImplausibleValuesAreNotIdentifiers() {
        for (what, items) in [("another key", [("com.apple.quicktime.content.identifierX", id)]),
                              ("control bytes", [(key, "8C4F\u{1}\u{1B}[2J")]),
                              ("empty", [(key, "")]),
                              ("too long", [(key, String(repeating: "A", count: 200))])] {
            let file = Q.ftyp + Q.box("moov", Q.mvhd + Q.trak() + Q.keysMeta(items)) + Q.mdat()
            XCTAssertNil(QuickTimeMetadata.read(file).contentIdentifier, what)
        }
        let itunes = Q.ftyp + Q.box("moov", Q.mvhd + Q.trak() + Q.box("udta", Q.itunesMeta([("©too", id)]))) + Q.mdat()
        XCTAssertNil(QuickTimeMetadata.read(itunes).contentIdentifier, "an iTunes item")
    }

    func testTheFirstPlausibleOneWins() {
        let file = Q.ftyp + Q.box("moov", Q.mvhd + Q.trak() + Q.keysMeta([(key, "bad id")])
            + Q.box("udta", Q.keysMeta([(key, id)], fullBox: true))) + Q.mdat()
        XCTAssertEqual(QuickTimeMetadata.read(file).contentIdentifier, id)
    }

    func testAnExportWithoutLocationBlanksIt() {
        // Not on the kept list: a copy made without its place is no longer half of a pair.
        let file = Q.ftyp + Q.box("moov", Q.mvhd + Q.trak() + Q.keysMeta([(key, id)])) + Q.mdat()
        let found = QuickTimeMetadata.read(file)
        XCTAssertNil(found.refusal)
        XCTAssertFalse(found.blanks.isEmpty)
    }
}
