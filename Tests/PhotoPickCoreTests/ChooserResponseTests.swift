import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest

final class ChooserResponseTests: XCTestCase {
    private let keys = ["version", "response", "uris", "assets", "current_filter", "choices", "error"]

    private func members(_ response: ChooserResponse) throws -> [(String, JSONValue)] {
        guard case .object(let members) = try JSONParser.parse(response.bytes()) else { throw OutputDecoder.Malformed("") }
        return members
    }

    func testSuccessCarriesURIsAssetsFilterAndChoices() throws {
        let path = RawPath(bytes: Array("/p/a b".utf8) + [0xFF] + Array(".jpg".utf8))
        let asset = Asset(id: AssetID(1), path: path, mimeType: "image/jpeg", kind: .photo, sizeBytes: 5,
                          modified: 0, albumID: .folder(path.parent))
        let filter = NamedFilter(name: "Images", patterns: ["*.jpg"])
        let response = ChooserResponse.success([asset], albumTitle: { _ in "p" }, currentFilter: filter,
                                               choices: [(id: "strip", value: "true")])
        let m = try members(response)
        XCTAssertEqual(m.map(\.0), keys)
        let value = Dictionary(uniqueKeysWithValues: m)
        XCTAssertEqual(value["version"], .int(1))
        XCTAssertEqual(value["response"], .int(0))
        XCTAssertEqual(value["uris"], .array([.string("file:///p/a%20b%FF.jpg")]))
        guard case .array(let assets)? = value["assets"], let first = assets.first else { return XCTFail("no assets") }
        XCTAssertEqual(OutputDecoder.bytes(OutputDecoder.member("path", of: first)), path.bytes)
        XCTAssertEqual(OutputDecoder.member("selection_index", of: first), .int(0))
        XCTAssertEqual(OutputDecoder.member("album", of: first), .string("p"))
        XCTAssertEqual(value["current_filter"], .object([("name", .string("Images")), ("patterns", .array([.string("*.jpg")])),
                                                          ("mime_types", .array([]))]))
        XCTAssertEqual(value["choices"], .array([.object([("id", .string("strip")), ("value", .string("true"))])]))
        XCTAssertEqual(value["error"], .null)
        XCTAssertEqual(response.bytes().last, 0x0A)
    }

    func testCancelAndError() throws {
        let cancelled = Dictionary(uniqueKeysWithValues: try members(ChooserResponse(status: .cancelled)))
        XCTAssertEqual(cancelled["response"], .int(1))
        XCTAssertEqual(cancelled["uris"], .array([]))
        XCTAssertEqual(cancelled["current_filter"], .null)
        let failed = try members(.failure("request: 'max' must be a whole number"))
        XCTAssertEqual(failed.map(\.0), keys)
        let value = Dictionary(uniqueKeysWithValues: failed)
        XCTAssertEqual(value["response"], .int(2))
        XCTAssertEqual(value["error"], .string("request: 'max' must be a whole number"))
    }
}
