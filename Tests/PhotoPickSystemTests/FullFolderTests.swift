import Foundation
import PhotoPickCore
@testable import PhotoPickSystem
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A full disk or quota, in the words an export failure shows.
final class FullFolderTests: XCTestCase {
    func testTheSentenceSaysHowMuchIsFree() {
        XCTAssertEqual(FullFolder.reason(ENOSPC, free: 204_800), "the export folder is full (0.2 MB free)")
        XCTAssertEqual(FullFolder.reason(ENOSPC, free: 0), "the export folder is full (0.0 MB free)")
        XCTAssertEqual(FullFolder.reason(ENOSPC, free: 12_345_678), "the export folder is full (12 MB free)")
        XCTAssertEqual(FullFolder.reason(ENOSPC, free: nil), "the export folder is full")
        XCTAssertEqual(FullFolder.reason(EDQUOT, free: 5_000_000_000), "the export folder is full: your disk quota is used up")
        XCTAssertEqual(FullFolder.megabytes(9_949_999), "9.9 MB")
        XCTAssertEqual(FullFolder.megabytes(9_950_000), "10 MB")
        XCTAssertEqual(FullFolder.megabytes(1_500_400_000), "1500 MB")
    }

    func testMessagesThatNameAFullDiskOrQuota() {
        XCTAssertEqual(FullFolder.code(named: "could not be converted: No space left on device"), ENOSPC)
        XCTAssertEqual(FullFolder.code(named: "could not be copied: Disk quota exceeded"), EDQUOT)
        XCTAssertNil(FullFolder.code(named: "could not be converted: Premature end of input file"))
        XCTAssertTrue(FullFolder.isFull(ENOSPC) && FullFolder.isFull(EDQUOT) && !FullFolder.isFull(EIO))
    }
}
