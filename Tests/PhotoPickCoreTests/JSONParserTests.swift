import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    func testParsesEveryKind() throws {
        let value = try parse(#" {"a": [1, -2, 3.5, 1e3, true, false, null], "b": {"c": "d\n\u00e9\ud83d\ude00"}} "#)
        XCTAssertEqual(value, .object([
            ("a", .array([.int(1), .int(-2), .double(3.5), .double(1000), .bool(true), .bool(false), .null])),
            ("b", .object([("c", .string("d\né😀"))])),
        ]))
    }

    func testLoneSurrogateEscapesAreRawBytes() throws {
        XCTAssertEqual(try parse(#""\udcffx.jpg""#), .bytes([0xFF] + Array("x.jpg".utf8)))
        // Our own writer's output reads back exactly.
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<500 {
            let bytes = rng.trickyBytes(maxLength: 20)
            let parsed = try JSONParser.parse(JSONValue.bytes(bytes).serialized())
            XCTAssertEqual(OutputDecoder.bytes(parsed), bytes)
        }
    }

    func testRejectsMalformedInput() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "1.", "-", "tru", "\"a", "\"\\x\"", "\"\u{1}\"",
                     "[1] 2", "{\"a\":1,\"a\":2}", "\"\\ud800\"", "1e999", "{1:2}", "nul"] {
            XCTAssertThrowsError(try parse(text), text)
        }
    }

    func testRefusesDeepNesting() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        XCTAssertThrowsError(try parse(deep)) { error in
            XCTAssertTrue("\(error)".contains("nested too deeply"), "\(error)")
        }
        XCTAssertNoThrow(try parse(String(repeating: "[", count: 30) + String(repeating: "]", count: 30)))
    }

    func testErrorsSayWhere() {
        XCTAssertThrowsError(try parse("{\"a\": tru}")) { error in
            XCTAssertEqual((error as? JSONParser.SyntaxError)?.offset, 6)
        }
    }
}
