import PhotoPickCore
import XCTest

final class MIMEPatternTests: XCTestCase {
    func testMIMEPatterns() {
        XCTAssertTrue(MIMEPattern.matches("image/*", "image/heic"))
        XCTAssertTrue(MIMEPattern.matches("IMAGE/JPEG", "image/jpeg"))
        XCTAssertFalse(MIMEPattern.matches("image/*", "imagex/png"))
        XCTAssertFalse(MIMEPattern.matches("image/png", "image/pngx"))
        for good in ["image/jpeg", "image/*", "application/vnd.foo+json"] { XCTAssertTrue(MIMEPattern.isValid(good), good) }
        for bad in ["jpeg", "*/*", "image/", "/png", "image/png; q=1", "a/b/c", "image/ png"] { XCTAssertFalse(MIMEPattern.isValid(bad), bad) }
    }
}
