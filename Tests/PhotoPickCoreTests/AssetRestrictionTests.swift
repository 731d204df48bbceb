import PhotoPickCore
import XCTest

final class AssetRestrictionTests: XCTestCase {
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
