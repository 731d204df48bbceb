import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest

final class JSONByteStringTests: XCTestCase {
    private func encoded(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        JSONByteString.encode(bytes, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func encodedBytes(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        JSONByteString.encode(bytes, into: &out)
        return out
    }

    func testEscapesQuotesBackslashesAndControls() {
        XCTAssertEqual(encoded(Array(#"say "hi""#.utf8)), #""say \"hi\"""#)
        XCTAssertEqual(encoded(Array(#"C:\dir"#.utf8)), #""C:\\dir""#)
        XCTAssertEqual(encoded(Array("a\nb\tc\rd".utf8)), #""a\nb\tc\rd""#)
        XCTAssertEqual(encoded([0x00, 0x01, 0x1F, 0x7F]), #""\u0000\u0001\u001f\u007f""#)
        XCTAssertEqual(encoded(Array("/plain/path-1_~.jpg".utf8)), #""/plain/path-1_~.jpg""#)
        XCTAssertEqual(encoded([]), #""""#)
    }

    func testAppendsToWhatIsThere() {
        var out = Array("x:".utf8)
        JSONByteString.encode(Array("y".utf8), into: &out)
        XCTAssertEqual(String(decoding: out, as: UTF8.self), #"x:"y""#)
    }

    func testValidMultiByteUTF8PassesThrough() {
        let text = "café €5 😀 日本"
        XCTAssertEqual(encodedBytes(Array(text.utf8)), [0x22] + Array(text.utf8) + [0x22])
    }

    func testInvalidBytesBecomeLowSurrogateEscapes() {
        XCTAssertEqual(encoded(Array("a".utf8) + [0xFF] + Array("b".utf8)), #""a\udcffb""#)
        XCTAssertEqual(encoded([0x80, 0xFE]), #""\udc80\udcfe""#)
        XCTAssertEqual(encoded(Array("caf".utf8) + [0xE9]), #""caf\udce9""#, "Latin-1 é")
    }

    func testSurrogatesOverlongsAndTruncationsAreEscapedByteByByte() {
        XCTAssertEqual(encoded([0xED, 0xA0, 0x80]), #""\udced\udca0\udc80""#, "encoded U+D800")
        XCTAssertEqual(encoded([0xED, 0xB2, 0x80]), #""\udced\udcb2\udc80""#, "encoded U+DC80 must not pass as an escape")
        XCTAssertEqual(encoded([0xC0, 0xAF]), #""\udcc0\udcaf""#, "overlong /")
        XCTAssertEqual(encoded([0xE0, 0x80, 0xAF]), #""\udce0\udc80\udcaf""#, "overlong 3-byte /")
        XCTAssertEqual(encoded([0xF4, 0x90, 0x80, 0x80]), #""\udcf4\udc90\udc80\udc80""#, "beyond U+10FFFF")
        XCTAssertEqual(encoded([0xE2, 0x82] + Array("x".utf8)), #""\udce2\udc82x""#, "truncated €")
        XCTAssertEqual(encoded([0xE2, 0x82]), #""\udce2\udc82""#, "truncated at the end")
        // The largest valid sequences in each class still pass through.
        for valid: [UInt8] in [[0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xC2, 0x80]] {
            XCTAssertEqual(encodedBytes(valid), [0x22] + valid + [0x22])
        }
    }

    func testDecodeRestoresTheExactBytes() {
        let inputs: [[UInt8]] = [
            Array("-new\nline\ttab".utf8) + [0xFF] + Array(".jpg".utf8),
            [0xED, 0xA0, 0x80, 0xC0, 0xAF],
            Array(#"quote " back \ 😀"#.utf8),
            [0x00, 0x7F, 0x80],
        ]
        for input in inputs {
            XCTAssertEqual(JSONByteString.decode(encodedBytes(input)), input)
        }
    }

    func testDecodeReadsStandardEscapes() {
        XCTAssertEqual(JSONByteString.decode(Array(#""\/\b\f\u00e9\ud83d\ude00\u0041""#.utf8)),
                       [0x2F, 0x08, 0x0C, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0x41])
    }

    func testDecodeRejectsMalformedLiterals() {
        for bad in [#"no quotes"#, #""unterminated"#, #""bad \x escape""#, #""short \u12""#, #""\ud800 lone high""#,
                    #""\udc00 lone low outside the byte range""#, #""inner " quote""#, "\"raw\ncontrol\""] {
            XCTAssertNil(JSONByteString.decode(Array(bad.utf8)), bad)
        }
    }

    func testOutputIsValidUTF8AndParsesWhenTheInputIsText() throws {
        let text = "line\nbreak \"quoted\" back\\slash\ttab \u{01} café 😀"
        let document = Array("[".utf8) + encodedBytes(Array(text.utf8)) + Array("]".utf8)
        let parsed = try JSONSerialization.jsonObject(with: Data(document)) as? [String]
        XCTAssertEqual(parsed, [text])
    }

    /// Encode then decode is the identity, and the JSON text is always valid UTF-8.
    func testRoundTripProperty() {
        var rng = SeededGenerator(seed: 0x5EED_0001)
        for i in 0..<2_000 {
            let input = rng.trickyBytes(maxLength: 40)
            let json = encodedBytes(input)
            XCTAssertNotNil(String(validating: json, as: UTF8.self), "case \(i): \(input)")
            XCTAssertEqual(JSONByteString.decode(json), input, "case \(i): \(input)")
            if let text = String(validating: input, as: UTF8.self) {
                // Valid text must come out of a standard JSON parser unchanged.
                let parsed = try? JSONSerialization.jsonObject(with: Data(json), options: .fragmentsAllowed) as? String
                XCTAssertEqual(parsed, text, "case \(i): \(input)")
            }
        }
    }

    /// The documented way back from outside Swift: Python's json plus surrogateescape.
    func testPythonRecoversTheBytes() throws {
        guard let python = Binaries.which("python3") else { throw XCTSkip("python3 is not installed") }
        let input = Array("we\nird ".utf8) + [0xFF, 0xED, 0xA0, 0x80] + Array(" 😀\"\\".utf8)
        let script = "import json,sys; s=json.loads(sys.argv[1]); sys.stdout.buffer.write(s.encode('utf-8','surrogateescape'))"
        let output = try ProcessRunner.run(python, ["-c", script, String(decoding: encodedBytes(input), as: UTF8.self)])
        XCTAssertEqual(output.status, 0, output.stderrText)
        XCTAssertEqual(Array(output.stdout), input)
    }
}
