import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class AssetFormatterTests: XCTestCase {
    private let formatter = AssetFormatter()
    private let awkwardName: [UInt8] = Array("we\nird".utf8) + [0xFF] + Array(" \"1\".jpg".utf8)
    private var savedTZ: String?

    override func setUp() {
        savedTZ = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", "UTC", 1)
        tzset()
    }

    override func tearDown() {
        if let savedTZ { setenv("TZ", savedTZ, 1) } else { unsetenv("TZ") }
        tzset()
    }

    private func asset(_ id: UInt32, _ path: RawPath, mime: String = "image/jpeg", kind: MediaKind = .photo) -> Asset {
        Asset(id: AssetID(id), path: path, mimeType: mime, kind: kind, sizeBytes: 1234,
              modified: 1_700_000_000.25, albumID: .folder(path.parent))
    }

    private var awkward: Asset { asset(1, RawPath("/pics/Trip").appending(component: awkwardName)) }
    private var plain: Asset { asset(2, RawPath("/pics/clip 1.mp4"), mime: "video/mp4", kind: .video) }

    private let keys = ["uri", "path", "name", "mime_type", "kind", "width", "height", "orientation", "date",
                        "date_source", "size_bytes", "duration_seconds", "location", "camera", "album"]

    func testLinesAreByteExactAndQuoteOnlyNewlines() {
        let raw = asset(3, RawPath("/pics").appending(component: [0xFF] + Array("\t'x'.jpg".utf8)))
        let out = formatter.lines([awkward, plain, raw])
        // The awkward name holds a newline: it alone is written as $'…'.
        XCTAssertEqual(out, Array(#"$'/pics/Trip/we\nird"#.utf8) + [0xFF] + Array(#" "1".jpg'"#.utf8) + [0x0A]
                       + Array("/pics/clip 1.mp4\n".utf8) + raw.path.bytes + [0x0A])
        XCTAssertEqual(formatter.lines([]), [])
    }

    func testObjectCarriesMetadataWhenKnown() throws {
        var a = asset(4, RawPath("/pics/IMG_1.JPG"))
        a.metadata = AssetMetadata(pixelWidth: 4000, pixelHeight: 3000, orientation: 6,
                                   captureDate: CaptureDate(seconds: 1_714_564_980, utcOffset: 7200), dateSource: .exif,
                                   location: GeoLocation(latitude: 48.8584, longitude: 2.2945, altitude: 35),
                                   cameraMake: "Canon", cameraModel: "Canon EOS R6", durationSeconds: nil)
        guard case let .object(members) = formatter.object(a, album: "Trip") else { return XCTFail("not an object") }
        let value = Dictionary(uniqueKeysWithValues: members)
        XCTAssertEqual(value["width"], .int(3000), "display size: rotated by orientation 6")
        XCTAssertEqual(value["height"], .int(4000))
        XCTAssertEqual(value["orientation"], .int(6))
        XCTAssertEqual(value["date"], .string("2024-05-01T14:03:00+02:00"), "the camera's own offset")
        XCTAssertEqual(value["date_source"], .string("exif"))
        XCTAssertEqual(value["location"], .object([("latitude", .double(48.8584)), ("longitude", .double(2.2945))]))
        XCTAssertEqual(value["camera"], .string("Canon EOS R6"))
        XCTAssertEqual(value["duration_seconds"], .null)

        var clip = plain
        clip.metadata = AssetMetadata(captureDate: CaptureDate(seconds: 1_714_564_980), dateSource: .fileName,
                                      durationSeconds: 12.5)
        guard case let .object(clipMembers) = formatter.object(clip, album: nil) else { return XCTFail() }
        let clipValue = Dictionary(uniqueKeysWithValues: clipMembers)
        XCTAssertEqual(clipValue["date"], .string("2024-05-01T12:03:00+00:00"), "no offset recorded: local time (UTC here)")
        XCTAssertEqual(clipValue["date_source"], .string("file_name"))
        XCTAssertEqual(clipValue["duration_seconds"], .double(12.5))
        XCTAssertEqual(clipValue["width"], .null)
        XCTAssertEqual(clipValue["location"], .null)
        XCTAssertEqual(clipValue["camera"], .null)
    }

    func testNegativeOffsetsAndHalfHours() {
        XCTAssertEqual(ISODate.format(1_714_564_980, utcOffset: -4 * 3600), "2024-05-01T08:03:00-04:00")
        XCTAssertEqual(ISODate.format(1_714_564_980, utcOffset: 5 * 3600 + 1800), "2024-05-01T17:33:00+05:30")
    }

    func testObjectHasTheDocumentedKeysInOrder() throws {
        guard case let .object(members) = formatter.object(plain, album: "Trip") else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.0), keys)
        guard case let .object(numbered) = formatter.object(plain, album: nil, selectionIndex: 3) else { return XCTFail() }
        XCTAssertEqual(numbered.map(\.0), keys + ["selection_index"])
        XCTAssertEqual(numbered.last?.1, .int(3))
        XCTAssertEqual(numbered.first { $0.0 == "album" }?.1, .null)
    }

    func testJSONParsesWithTheRightValues() throws {
        let out = formatter.json([plain], albumTitle: { _ in "Clips" }, numbered: true)
        XCTAssertEqual(out.last, 0x0A, "ends with a newline")
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out)) as? [[String: Any]])
        XCTAssertEqual(parsed.count, 1)
        let item = parsed[0]
        XCTAssertEqual(Set(item.keys), Set(keys + ["selection_index"]))
        XCTAssertEqual(item["uri"] as? String, "file:///pics/clip%201.mp4")
        XCTAssertEqual(item["path"] as? String, "/pics/clip 1.mp4")
        XCTAssertEqual(item["name"] as? String, "clip 1.mp4")
        XCTAssertEqual(item["mime_type"] as? String, "video/mp4")
        XCTAssertEqual(item["kind"] as? String, "video")
        XCTAssertEqual(item["date"] as? String, "2023-11-14T22:13:20+00:00")
        XCTAssertEqual(item["date_source"] as? String, "modified")
        XCTAssertEqual((item["size_bytes"] as? NSNumber)?.int64Value, 1234)
        XCTAssertEqual(item["album"] as? String, "Clips")
        XCTAssertTrue(item["width"] is NSNull && item["location"] is NSNull && item["camera"] is NSNull)
        XCTAssertEqual((item["orientation"] as? NSNumber)?.intValue, 1)
        XCTAssertEqual((item["selection_index"] as? NSNumber)?.intValue, 0)
    }

    func testJSONKeysAppearInOrderInTheText() {
        let text = String(decoding: formatter.json([plain], albumTitle: { _ in nil }, numbered: false), as: UTF8.self)
        let positions = keys.map { text.range(of: "\"\($0)\":")?.lowerBound }
        XCTAssertFalse(positions.contains(nil), text)
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted())
        XCTAssertFalse(text.contains("selection_index"))
        XCTAssertTrue(text.contains(#""album": null"#), text)
    }

    func testJSONNumbersFollowTheGivenOrder() throws {
        let out = formatter.json([plain, awkward, plain], albumTitle: { _ in nil }, numbered: true)
        let text = String(decoding: out, as: UTF8.self)
        for i in 0..<3 { XCTAssertTrue(text.contains(#""selection_index": \#(i)"#), text) }
    }

    func testJSONKeepsAwkwardNamesLossless() throws {
        let out = formatter.json([awkward], albumTitle: { _ in "Trip" }, numbered: false)
        XCTAssertNotNil(String(validating: out, as: UTF8.self), "the document is valid UTF-8")
        let text = String(decoding: out, as: UTF8.self)
        let nameLiteral = #""we\nird\udcff \"1\".jpg""#
        XCTAssertTrue(text.contains(#""name": \#(nameLiteral)"#), text)
        XCTAssertEqual(JSONByteString.decode(Array(nameLiteral.utf8)), awkwardName)
        XCTAssertTrue(text.contains(#""path": "/pics/Trip/we\nird\udcff \"1\".jpg""#), text)
        XCTAssertTrue(text.contains(#""uri": "file:///pics/Trip/we%0Aird%FF%20%221%22.jpg""#), text)
        XCTAssertEqual(FileURI.decode("file:///pics/Trip/we%0Aird%FF%20%221%22.jpg"), awkward.path)
    }

    func testAwkwardJSONParsesInPython() throws {
        guard let python = Binaries.which("python3") else { throw XCTSkip("python3 is not installed") }
        let out = formatter.json([awkward, plain], albumTitle: { _ in nil }, numbered: true)
        let script = """
            import json, sys
            items = json.loads(sys.argv[1])
            for item in items:
                sys.stdout.buffer.write(item["path"].encode("utf-8", "surrogateescape") + b"\\0")
            """
        let result = try ProcessRunner.run(python, ["-c", script, String(decoding: out, as: UTF8.self)])
        XCTAssertEqual(result.status, 0, result.stderrText)
        XCTAssertEqual(Array(result.stdout), awkward.path.bytes + [0] + plain.path.bytes + [0])
    }
}
