import PhotoPickCore
import PhotoPickMedia
import XCTest

/// `ShellWords` splits as GLib's g_shell_parse_argv does (expected values checked against
/// GLib 2.74 on Debian 12), so a `.thumbnailer` Exec line means what it means to GNOME.
final class ShellWordsTests: XCTestCase {
    private func split(_ line: String) -> [String]? { try? ShellWords.split(line) }

    func testBlanksSeparateWords() {
        XCTAssertEqual(split("ffmpegthumbnailer -i %i -o %o -s %s -f"),
                       ["ffmpegthumbnailer", "-i", "%i", "-o", "%o", "-s", "%s", "-f"])
        XCTAssertEqual(split("  a \t b\nc  "), ["a", "b", "c"])
    }

    func testSingleQuotesAreLiteral() {
        XCTAssertEqual(split(#"a 'b c' 'd\"e\f' '$HOME'"#), ["a", "b c", #"d\"e\f"#, "$HOME"])
        XCTAssertEqual(split("''"), [""], "an empty quoted word is a word")
    }

    func testDoubleQuotesEscapeOnlyFiveCharacters() {
        XCTAssertEqual(split(#""a b" "c\"d" "e\\f" "g\$h" "i\`j" "k\lm""#),
                       ["a b", #"c"d"#, #"e\f"#, "g$h", "i`j", #"k\lm"#])
        XCTAssertEqual(split("\"x\\\ny\""), ["x\ny"], "inside double quotes an escaped newline stays (GLib)")
    }

    func testBackslashOutsideQuotesTakesTheNextCharacter() {
        XCTAssertEqual(split(#"a\ b c\'d \"e"#), ["a b", "c'd", #""e"#])
        XCTAssertEqual(split("one\\\ntwo"), ["onetwo"], "backslash-newline continues the word")
    }

    func testAdjacentPiecesJoin() {
        XCTAssertEqual(split(#"pre'fix'"mid"\ post"#), ["prefixmid post"])
    }

    func testNothingIsExpandedOrInterpreted() {
        XCTAssertEqual(split("echo $(rm -rf ~) `id` ; | > * ~"), ["echo", "$(rm", "-rf", "~)", "`id`", ";", "|", ">", "*", "~"])
    }

    func testCommentsStartOnlyAtTheStartOfAWord() {
        XCTAssertEqual(split("cmd arg # a comment\nnext"), ["cmd", "arg", "next"])
        XCTAssertEqual(split("#whole line"), nil, "only a comment: nothing left")
        XCTAssertEqual(split("a#b"), ["a#b"])
        XCTAssertEqual(split("a\t#b"), ["a", "#b"], "GLib: only a space or a newline before # starts a comment")
    }

    func testUTF8AndOtherBytesPassThrough() {
        XCTAssertEqual(split("thumb 'Fotos – Été/%i'"), ["thumb", "Fotos – Été/%i"])
    }

    func testErrors() {
        XCTAssertThrowsError(try ShellWords.split(""))
        XCTAssertThrowsError(try ShellWords.split("   \n\t"))
        XCTAssertThrowsError(try ShellWords.split("a 'b"))
        XCTAssertThrowsError(try ShellWords.split(#"a "b"#))
        XCTAssertThrowsError(try ShellWords.split(#"a\"#))
    }
}
