import PhotoPickCore
import TestSupportCore
import XCTest

/// The response and stdout after an export: the new files in pick order, each naming its
/// original, and the failures in `errors`.
final class ExportResponseTests: XCTestCase {
    private let a = Fixture.asset(1, "a/IMG_1.heic", at: Fixture.seconds(2024, 1, 1), mime: "image/heif", size: 900,
                                  width: 4000, height: 3000, orientation: 6)
    private let b = Fixture.asset(2, "a/b\u{FFFD}.jpg", at: Fixture.seconds(2024, 1, 2), size: 800, width: 800, height: 600)
    private let c = Fixture.asset(3, "a/gone.jpg", at: Fixture.seconds(2024, 1, 3))

    private var settings: ExportSettings {
        var s = ExportSettings()
        s.format = .jpeg
        s.maxSize = 1024
        return s
    }

    private var report: ExportReport {
        ExportReport(outcomes: [
            ExportOutcome(source: b.path, result: .exported(path: RawPath("/out/b.jpg"), bytes: 700)),
            ExportOutcome(source: c.path, result: .failed(reason: "the file is gone")),
            ExportOutcome(source: a.path, result: .exported(path: RawPath("/out/IMG_1.jpg"), bytes: 500)),
        ])
    }

    private func value(_ json: JSONValue, _ key: String) -> JSONValue? { OutputDecoder.member(key, of: json) }

    func testTheResponseListsTheExportsInPickOrderAndTheFailures() throws {
        let response = ChooserResponse.exported(report, pairs: ExportedAsset.pairs(report, originals: [b, c, a], settings: settings),
                                                albumTitle: { _ in "a" },
                                                currentFilter: nil, choices: [])
        XCTAssertEqual(response.status, .error, "one file failed: not a success")
        XCTAssertEqual(response.uris, ["file:///out/b.jpg", "file:///out/IMG_1.jpg"])
        XCTAssertEqual(response.assets.count, 2)
        let first = response.assets[0], second = response.assets[1]
        XCTAssertEqual(value(first, "original_uri"), .string(FileURI.encode(b.path)))
        XCTAssertEqual(OutputDecoder.bytes(value(first, "original_path")), b.path.bytes)
        XCTAssertEqual(value(first, "size_bytes"), .int(700))
        XCTAssertEqual(value(first, "width"), .int(800), "not resized: its size is known")
        XCTAssertEqual(value(first, "selection_index"), .int(0))
        XCTAssertEqual(value(second, "mime_type"), .string("image/jpeg"), "HEIC became JPEG")
        XCTAssertEqual(value(second, "orientation"), .int(1), "written upright")
        XCTAssertEqual(value(second, "width"), .null, "resized: the encoder's size is not guessed")
        XCTAssertEqual(value(second, "selection_index"), .int(1))
        guard case .object(let members) = try JSONParser.parse(response.bytes()) else { return XCTFail("not an object") }
        XCTAssertEqual(members.last?.0, "errors")
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: members)["errors"], .array([.object([
            ("path", .bytes(c.path.bytes)), ("uri", .string(FileURI.encode(c.path))), ("message", .string("the file is gone")),
        ])]))
        XCTAssertNotNil(response.error)
    }

    func testAllExportedIsASuccessWithAnEmptyErrorsArray() throws {
        let ok = ExportReport(outcomes: [ExportOutcome(source: a.path, result: .exported(path: RawPath("/out/x.jpg"), bytes: 5))])
        let response = ChooserResponse.exported(ok, pairs: ExportedAsset.pairs(ok, originals: [a], settings: settings), albumTitle: { _ in nil },
                                                currentFilter: nil, choices: [])
        XCTAssertEqual(response.status, .success)
        XCTAssertNil(response.error)
        guard case .object(let members) = try JSONParser.parse(response.bytes()) else { return XCTFail("not an object") }
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: members)["errors"], .array([]))
        guard case .object(let plain) = try JSONParser.parse(ChooserResponse(status: .success).bytes()) else { return XCTFail() }
        XCTAssertFalse(plain.contains { $0.0 == "errors" }, "no export, no errors key: old callers see what they saw")
    }

    func testStdoutGivesTheExportedPaths() throws {
        let pairs = ExportedAsset.pairs(report, originals: [b, c, a], settings: settings)
        XCTAssertEqual(ExportedAsset.render(pairs, as: .format(.lines), albumTitle: { _ in nil }),
                       Array("/out/b.jpg\n/out/IMG_1.jpg\n".utf8))
        guard case .array(let items) = try JSONParser.parse(ExportedAsset.render(pairs, as: .format(.json), albumTitle: { _ in nil }))
        else { return XCTFail("not an array") }
        XCTAssertEqual(items.count, 2)
        XCTAssertEqual(value(items[1], "original_uri"), .string(FileURI.encode(a.path)))
    }

    func testStrippingShowsInTheAssetObject() {
        var s = settings
        s.stripMetadata = true
        var meta = a.metadata
        meta.location = GeoLocation(latitude: 1, longitude: 2)
        meta.cameraMake = "Canon"
        let original = Asset(id: a.id, path: a.path, mimeType: a.mimeType, kind: .photo, sizeBytes: 1, modified: 0,
                             albumID: a.albumID, metadata: meta)
        let exported = ExportedAsset.make(original, path: RawPath("/out/x.jpg"), bytes: 1, settings: s)
        XCTAssertNil(exported.metadata.location)
        XCTAssertNil(exported.metadata.cameraMake)
        XCTAssertNil(exported.metadata.captureDate)
        var keepTags = settings
        keepTags.stripLocation = true
        let located = ExportedAsset.make(original, path: RawPath("/out/x.jpg"), bytes: 1, settings: keepTags)
        XCTAssertNil(located.metadata.location)
        XCTAssertEqual(located.metadata.cameraMake, "Canon")
    }
}
