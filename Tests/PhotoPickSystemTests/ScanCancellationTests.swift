import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest

/// A cancelled scan of a real folder tree stops walking: a window that starts over (Try
/// Again, another folder) does not leave the old walk running on the cores.
final class ScanCancellationTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk through the model
    }

    func testACancelledWalkEntersNoFolder() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        let scanner = FileSystemScanner(roots: [RawPath(sample.root)], sniffer: GIOContentTypeSniffer())
        XCTAssertGreaterThan(scanner.scan(onBatch: { _ in }).filesSeen, 0, "the sample holds files")

        var batches = 0
        let cancelled = scanner.scan(isCancelled: { true }, onBatch: { _ in batches += 1 })
        XCTAssertEqual(cancelled.filesSeen, 0)
        XCTAssertEqual(batches, 0)

        var listed = 0, refined = 0
        let twoPass = scanner.scanInTwoPasses(isCancelled: { true }, onListed: { listed += $0.count },
                                              onRefined: { _ in refined += 1 })
        XCTAssertEqual(twoPass.filesSeen, 0)
        XCTAssertEqual(listed + refined, 0)
    }

    func testCancellingAfterTheListingSkipsTheVerification() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        let scanner = FileSystemScanner(roots: [RawPath(sample.root)], sniffer: GIOContentTypeSniffer())
        var uncancelled = 0
        scanner.scanInTwoPasses(onListed: { _ in }, onRefined: { _ in uncancelled += 1 })
        XCTAssertGreaterThan(uncancelled, 0, "left alone, the verification reports")

        var listingDone = false, refined = 0
        let summary = scanner.scanInTwoPasses(isCancelled: { listingDone }, onListed: { _ in },
                                              onListingFinished: { listingDone = true },
                                              onRefined: { _ in refined += 1 })
        XCTAssertGreaterThan(summary.filesSeen, 0, "the listing ran")
        XCTAssertEqual(refined, 0, "no verifying round after the cancellation")
    }
}
