import Foundation
import PhotoPickCore
@testable import PhotoPickSystem
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A full disk or quota, found out from a failure's words (MediaErrorMessageTests has the
/// sentence it becomes).
final class FullFolderTests: XCTestCase {
    func testMessagesThatNameAFullDiskOrQuota() {
        XCTAssertEqual(FullFolder.code(named: "could not be converted: No space left on device"), ENOSPC)
        XCTAssertEqual(FullFolder.code(named: "could not be copied: Disk quota exceeded"), EDQUOT)
        XCTAssertNil(FullFolder.code(named: "could not be converted: Premature end of input file"))
        XCTAssertTrue(FullFolder.isFull(ENOSPC) && FullFolder.isFull(EDQUOT) && !FullFolder.isFull(EIO))
    }
}
