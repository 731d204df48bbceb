import Foundation
import PhotoPickCore
import TestSupportCore
import XCTest

final class LineQuotingTests: XCTestCase {
    func testPlainPathsAreTheirOwnLine() {
        for path in ["/a/b.jpg", "/tab\there", "/quote'd \"x\"", "/back\\slash", "/$'look-alike'"] {
            let bytes = Array(path.utf8)
            XCTAssertEqual(LineQuoting.line(for: bytes), bytes)
            XCTAssertEqual(LineQuoting.path(fromLine: bytes), bytes)
        }
        let invalid: [UInt8] = [0x2F, 0xFF, 0xFE]
        XCTAssertEqual(LineQuoting.line(for: invalid), invalid, "bytes that are not UTF-8 stay raw")
    }

    func testNewlinesAreQuotedAsBashWould() {
        XCTAssertEqual(String(decoding: LineQuoting.line(for: Array("/a\nb".utf8)), as: UTF8.self), #"$'/a\nb'"#)
        XCTAssertEqual(String(decoding: LineQuoting.line(for: Array("/it's\n\\\t\r\u{1}".utf8)), as: UTF8.self),
                       #"$'/it\'s\n\\\t\r\x01'"#)
    }

    func testQuotedLinesNeverContainANewline() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let path = [UInt8(ascii: "/")] + rng.trickyBytes(maxLength: 24).filter { $0 != 0 } + [0x0A]
            let line = LineQuoting.line(for: path)
            XCTAssertFalse(line.contains(0x0A))
            XCTAssertEqual(LineQuoting.path(fromLine: line), path)
        }
    }

    func testMalformedQuotingIsRejected() {
        for line in [#"$'/a"#, #"$'/a\q'"#, #"$'/a\x4'"#, #"$'/a'b'"#] {
            XCTAssertNil(LineQuoting.path(fromLine: Array(line.utf8)), line)
        }
    }

    func testBashUnquotesWhatWeQuote() throws {
        guard let bash = Binaries.which("bash") else { throw XCTSkip("bash is not installed") }
        let dir = TemporaryDirectory()
        let path = Array("/x/it's a\n\"test\"\t\\ $HOME `id` ".utf8) + [0xFF, 0x01, 0x7F] + Array(".jpg".utf8)
        try Data(LineQuoting.line(for: path)).write(to: dir.url("line"))
        let out = try ProcessRunner.run(bash, ["-c", "eval \"p=$(cat \"$1\")\"; printf '%s' \"$p\"", "bash", dir.path + "/line"],
                                        environment: ["LC_ALL": "C"], timeout: 10)
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(Array(out.stdout), path)
    }
}
