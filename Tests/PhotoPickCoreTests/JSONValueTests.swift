import Foundation
import PhotoPickCore
import XCTest

final class JSONValueTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testScalars() {
        XCTAssertEqual(text(JSONValue.null.serialized()), "null")
        XCTAssertEqual(text(JSONValue.bool(true).serialized()), "true")
        XCTAssertEqual(text(JSONValue.bool(false).serialized()), "false")
        XCTAssertEqual(text(JSONValue.int(-42).serialized()), "-42")
        XCTAssertEqual(text(JSONValue.int(Int64.max).serialized()), "9223372036854775807")
        XCTAssertEqual(text(JSONValue.double(3).serialized()), "3")
        XCTAssertEqual(text(JSONValue.double(0.5).serialized()), "0.5")
        XCTAssertEqual(text(JSONValue.double(.nan).serialized()), "null", "JSON has no NaN")
        XCTAssertEqual(text(JSONValue.double(.infinity).serialized()), "null")
    }

    func testStringsAreEscaped() {
        XCTAssertEqual(text(JSONValue.string("a\"b\\c\nd\te\u{1}").serialized()), #""a\"b\\c\nd\te\u0001""#)
        XCTAssertEqual(text(JSONValue.bytes([0x61, 0xFF]).serialized()), #""a\udcff""#)
        XCTAssertEqual(text(JSONValue.string("😀").serialized()), "\"😀\"")
    }

    func testObjectsKeepInsertionOrderAndEscapeKeys() {
        let value = JSONValue.object([("z", .int(1)), ("a", .null), ("q\"k", .bool(true))])
        XCTAssertEqual(text(value.serialized()), #"{"z":1,"a":null,"q\"k":true}"#)
    }

    func testCompactNesting() {
        let value = JSONValue.array([.object([]), .array([]), .array([.int(1), .string("x")])])
        XCTAssertEqual(text(value.serialized()), #"[{},[],[1,"x"]]"#)
    }

    func testPrettyIndentsTwoSpaces() {
        let value = JSONValue.array([.object([("a", .int(1)), ("b", .array([.null]))]), .object([])])
        XCTAssertEqual(text(value.pretty()), """
            [
              {
                "a": 1,
                "b": [
                  null
                ]
              },
              {}
            ]
            """)
        XCTAssertEqual(text(JSONValue.array([]).pretty()), "[]")
    }

    func testOutputParsesWithJSONSerialization() throws {
        let value = JSONValue.object([
            ("name", .string("line\nbreak \"q\" \\ tab\t 😀 é")),
            ("size", .int(123)),
            ("ratio", .double(1.25)),
            ("none", .null),
            ("flags", .array([.bool(true), .bool(false)])),
            ("bytes", .bytes(Array("plain".utf8))),
        ])
        for output in [value.serialized(), value.pretty()] {
            let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
            XCTAssertEqual(parsed["name"] as? String, "line\nbreak \"q\" \\ tab\t 😀 é")
            XCTAssertEqual((parsed["size"] as? NSNumber)?.intValue, 123)
            XCTAssertEqual((parsed["ratio"] as? NSNumber)?.doubleValue, 1.25)
            XCTAssertTrue(parsed["none"] is NSNull)
            XCTAssertEqual(parsed["flags"] as? [Bool], [true, false])
            XCTAssertEqual(parsed["bytes"] as? String, "plain")
        }
    }

    func testEqualityIsByOutput() {
        XCTAssertEqual(JSONValue.string("a"), JSONValue.bytes([0x61]))
        XCTAssertNotEqual(JSONValue.object([("a", .null), ("b", .null)]), JSONValue.object([("b", .null), ("a", .null)]))
        XCTAssertNotEqual(JSONValue.int(1), JSONValue.string("1"))
    }
}
