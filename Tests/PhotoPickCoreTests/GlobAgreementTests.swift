import PhotoPickCore
import XCTest

/// `--pattern` (the request's restriction), `--filter 'name | patterns'` (a named filter) and
/// `glob:` terms / the search field used to run on two engines (fnmatch on bytes, `Glob` on
/// scalars) and disagreed on non-ASCII case, `?` over a multi-byte character, and names that
/// are not UTF-8. They now share `Glob`: every case below holds for all three.
final class GlobAgreementTests: XCTestCase {
    private func agree(_ pattern: String, _ name: [UInt8], _ expected: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let restriction = AssetRestriction(patterns: [pattern])
        let filter = NamedFilter(name: "f", patterns: [pattern])
        XCTAssertEqual(restriction.admits(name: name, mimeType: "image/jpeg", kind: .photo), expected, "--pattern \(pattern)", file: file, line: line)
        XCTAssertEqual(filter.matches(name: name, mimeType: "image/jpeg"), expected, "--filter \(pattern)", file: file, line: line)
        XCTAssertEqual(Glob(pattern).matches(name), expected, "glob:\(pattern)", file: file, line: line)
    }

    func testCaseIsIgnoredInEveryScript() {
        agree("*.jpg", Array("IMG_1.JPG".utf8), true)
        agree("ÉTÉ*", Array("été 2024.jpg".utf8), true)        // fnmatch folded ASCII only
        agree("straße*", Array("STRASSE.jpg".utf8), false)     // lowercasing per character, no full case folding
    }

    func testQuestionMarkIsOneCharacter() {
        agree("caf?.jpg", Array("café.jpg".utf8), true)        // fnmatch in the C locale: one byte
        agree("caf??.jpg", Array("café.jpg".utf8), false)
        agree("[é]t?", Array("Été".utf8), true)
    }

    func testNamesThatAreNotUTF8() {
        let latin1 = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)   // "café.jpg" in Latin-1
        agree("*.jpg", latin1, true)
        agree("caf?.jpg", latin1, true)                          // one invalid byte is one character
        agree("café.jpg", latin1, false)                         // and equals no character of a pattern
        agree("*", [0xFF, 0xFE], true)
    }

    func testSetsNegationAndEscapes() {
        agree("[!x]*", Array("photo".utf8), true)
        agree("[^x]*", Array("xray".utf8), false)
        agree("\\*.jpg", Array("*.jpg".utf8), true)
        agree("\\*.jpg", Array("a.jpg".utf8), false)
        agree("a[b", Array("a[b".utf8), true)
        agree(".*", Array(".hidden".utf8), true)
        agree("*", Array(".hidden".utf8), true)                  // `*` matches a leading dot
    }
}
