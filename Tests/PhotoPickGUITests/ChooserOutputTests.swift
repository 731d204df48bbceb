import Foundation
import PhotoPickCore
import TestSupport
import XCTest

/// Every output format, from a real pick on the window, gives back hostile names byte for byte.
final class ChooserOutputTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root: RawPath!
    private var newestFirst: [RawPath] = []

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        (root, newestFirst) = try HostileNames.makeLibrary(in: dir)
    }

    /// Picks every file, newest first, with Space and Right, then Return.
    private func pickAll(_ arguments: [String]) throws -> ProcessRunner.Output {
        let picker = try PickerDriver(arguments: arguments + [root.description])
        for _ in newestFirst { try picker.press("space", "Right") }
        try picker.press("Return")
        return picker.finish()
    }

    func testEveryFormatRoundTripsHostileNames() throws {
        for format in OutputFormat.allCases {
            let out = try pickAll(["--format", format.rawValue])
            XCTAssertEqual(out.status, 0, "\(format): \(out.stderrText)")
            let paths = try OutputDecoder.paths(Array(out.stdout), format: format)
            XCTAssertEqual(paths, newestFirst, "\(format)")
            XCTAssertTrue(paths.allSatisfy(HostileNames.exists), "\(format)")
        }
    }

    func testPrint0IsNULSeparated() throws {
        let out = try pickAll(["--print0"])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(Array(out.stdout), newestFirst.flatMap { $0.bytes + [0] })
    }

    func testJSONCarriesTheAssetObjects() throws {
        let out = try pickAll(["--format", "json"])
        guard case .array(let items) = try JSONParser.parse(Array(out.stdout)) else { return XCTFail("not an array") }
        XCTAssertEqual(items.count, newestFirst.count)
        for (i, item) in items.enumerated() {
            guard case .object(let members) = item else { return XCTFail("not an object") }
            XCTAssertEqual(members.map(\.0), AssetFormatter.objectKeys + ["selection_index"])
            let value = Dictionary(uniqueKeysWithValues: members)
            XCTAssertEqual(value["selection_index"], .int(Int64(i)))
            XCTAssertEqual(value["width"], .int(96))
            XCTAssertEqual(value["height"], .int(64))
            XCTAssertEqual(value["mime_type"], .string("image/jpeg"))
            XCTAssertEqual(value["album"], .string("Hostile"))
            XCTAssertEqual(OutputDecoder.bytes(value["name"]), Array(newestFirst[i].lastComponentBytes))
            XCTAssertEqual(value["uri"], .string(FileURI.encode(newestFirst[i])))
        }
    }
}
