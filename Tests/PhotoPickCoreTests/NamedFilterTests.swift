import PhotoPickCore
import XCTest

final class NamedFilterTests: XCTestCase {
    func testParsesZenitysSpelling() throws {
        XCTAssertEqual(try NamedFilter.parse("Photos | *.jpg *.png"), NamedFilter(name: "Photos", patterns: ["*.jpg", "*.png"]))
        XCTAssertEqual(try NamedFilter.parse("*.jpg *.jpeg"), NamedFilter(name: "*.jpg *.jpeg", patterns: ["*.jpg", "*.jpeg"]))
        XCTAssertEqual(try NamedFilter.parse("  Raw  photos |*.dng\t*.cr2 "), NamedFilter(name: "Raw  photos", patterns: ["*.dng", "*.cr2"]))
        XCTAssertEqual(try NamedFilter.parse("Media | image/* video/mp4 *.mkv"),
                       NamedFilter(name: "Media", patterns: ["*.mkv"], mimeTypes: ["image/*", "video/mp4"]))
        XCTAssertEqual(try NamedFilter.parse("| *.gif"), NamedFilter(name: "*.gif", patterns: ["*.gif"]))
    }

    func testRejectsFiltersThatCannotMatch() {
        XCTAssertThrowsError(try NamedFilter.parse("Nothing |"))
        XCTAssertThrowsError(try NamedFilter.parse("   "))
        XCTAssertThrowsError(try NamedFilter.parse("Bad | a/b/c"))
    }

    func testMatchesAnyPatternOrMIMETypeIgnoringCase() {
        let filter = NamedFilter(name: "F", patterns: ["*.jpg", "IMG_??.png"], mimeTypes: ["video/*"])
        XCTAssertTrue(filter.matches(name: Array("a.JPG".utf8), mimeType: "image/jpeg"))
        XCTAssertTrue(filter.matches(name: Array("img_01.PNG".utf8), mimeType: "image/png"))
        XCTAssertFalse(filter.matches(name: Array("img_001.png".utf8), mimeType: "image/png"))
        XCTAssertTrue(filter.matches(name: Array("clip.mov".utf8), mimeType: "video/quicktime"))
        XCTAssertFalse(filter.matches(name: Array("x.gif".utf8), mimeType: "image/gif"))
        XCTAssertTrue(filter.matches(name: [0xFF] + Array(".jpg".utf8), mimeType: "image/jpeg"), "non-UTF-8 names match too")
    }
}
