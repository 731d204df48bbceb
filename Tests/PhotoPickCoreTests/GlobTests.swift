import PhotoPickCore
import XCTest

final class GlobTests: XCTestCase {
    private func matches(_ pattern: String, _ name: String) -> Bool { Glob(pattern).matches(name) }

    func testStarAndQuestionMark() {
        XCTAssertTrue(matches("*.jpg", "IMG_0001.jpg"))
        XCTAssertTrue(matches("*.jpg", ".jpg"))
        XCTAssertFalse(matches("*.jpg", "IMG_0001.jpeg"))
        XCTAssertFalse(matches("*.jpg", "photo.jpg.txt"), "the whole name must match")
        XCTAssertTrue(matches("IMG_????.*", "IMG_0042.HEIC"))
        XCTAssertFalse(matches("IMG_????.*", "IMG_042.HEIC"))
        XCTAssertTrue(matches("*", ""))
        XCTAssertFalse(matches("?", ""))
        XCTAssertTrue(matches("a*b*c", "aXXbYYbZc"))
        XCTAssertFalse(matches("a*b*c", "aXXbYYbZ"))
    }

    func testCaseInsensitive() {
        XCTAssertTrue(matches("*.jpg", "BEACH.JPG"))
        XCTAssertTrue(matches("img_*", "IMG_1.png"))
        XCTAssertTrue(matches("*.HEIC", "x.heic"))
        XCTAssertTrue(matches("ÉTÉ*", "été 2024.jpg"))
    }

    func testBracketSetsRangesAndNegation() {
        XCTAssertTrue(matches("shot-[12].png", "shot-1.png"))
        XCTAssertFalse(matches("shot-[12].png", "shot-3.png"))
        XCTAssertTrue(matches("[a-c]*", "Beach.jpg"), "ranges fold case too")
        XCTAssertFalse(matches("[a-c]*", "dog.jpg"))
        XCTAssertTrue(matches("IMG_[0-9][0-9].jpg", "IMG_42.jpg"))
        XCTAssertFalse(matches("IMG_[0-9][0-9].jpg", "IMG_4a.jpg"))
        XCTAssertTrue(matches("[!x]*", "photo"))
        XCTAssertFalse(matches("[!x]*", "xray"))
        XCTAssertTrue(matches("[^x]*", "photo"))
        XCTAssertTrue(matches("[]]", "]"), "a ] first in the set is a member")
        XCTAssertTrue(matches("[a-]", "-"), "a trailing - is literal")
    }

    func testUnclosedBracketAndEscapesAreLiteral() {
        XCTAssertTrue(matches("a[b", "a[b"))
        XCTAssertFalse(matches("a[b", "ab"))
        XCTAssertTrue(matches("\\*.jpg", "*.jpg"))
        XCTAssertFalse(matches("\\*.jpg", "x.jpg"))
        XCTAssertTrue(matches("a\\?", "a?"))
    }

    func testQuestionMarkIsOneCharacterNotOneByte() {
        XCTAssertTrue(matches("caf?.jpg", "café.jpg"))
        XCTAssertTrue(matches("?", "😀"))
    }

    func testManyStarsStayFast() {
        // Exponential backtracking would never finish this.
        let name = String(repeating: "a", count: 2000)
        XCTAssertFalse(matches(String(repeating: "*a", count: 40) + "b", name))
        XCTAssertTrue(matches(String(repeating: "*a", count: 40), name))
    }
}
