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

    func testMIMEPatterns() {
        XCTAssertTrue(MIMEPattern.matches("image/*", "image/heic"))
        XCTAssertTrue(MIMEPattern.matches("IMAGE/JPEG", "image/jpeg"))
        XCTAssertFalse(MIMEPattern.matches("image/*", "imagex/png"))
        XCTAssertFalse(MIMEPattern.matches("image/png", "image/pngx"))
        for good in ["image/jpeg", "image/*", "application/vnd.foo+json"] { XCTAssertTrue(MIMEPattern.isValid(good), good) }
        for bad in ["jpeg", "*/*", "image/", "/png", "image/png; q=1", "a/b/c", "image/ png"] { XCTAssertFalse(MIMEPattern.isValid(bad), bad) }
    }

    func testRestrictionCombinesKindsWithAndValuesWithOr() {
        let photos = AssetRestriction(kinds: .photos)
        XCTAssertTrue(photos.admits(name: Array("a.jpg".utf8), mimeType: "image/jpeg", kind: .photo))
        XCTAssertFalse(photos.admits(name: Array("a.mp4".utf8), mimeType: "video/mp4", kind: .video))
        XCTAssertFalse(AssetRestriction(kinds: .videos).admits(name: Array("a.jpg".utf8), mimeType: "image/jpeg", kind: .photo))

        let r = AssetRestriction(kinds: .all, mimeTypes: ["image/png", "image/gif"], patterns: ["shot-*"])
        XCTAssertTrue(r.admits(name: Array("shot-1.png".utf8), mimeType: "image/png", kind: .photo))
        XCTAssertTrue(r.admits(name: Array("SHOT-2.gif".utf8), mimeType: "image/gif", kind: .photo))
        XCTAssertFalse(r.admits(name: Array("beach.png".utf8), mimeType: "image/png", kind: .photo), "pattern must match too")
        XCTAssertFalse(r.admits(name: Array("shot-3.jpg".utf8), mimeType: "image/jpeg", kind: .photo), "MIME type must match too")
        XCTAssertTrue(AssetRestriction.none.isNone)
        XCTAssertFalse(r.isNone)
    }
}
