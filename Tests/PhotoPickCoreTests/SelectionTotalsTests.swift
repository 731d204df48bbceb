import PhotoPickCore
import TestSupportCore
import XCTest

/// The summary's totals (count, bytes, videos and their length), read from the facts table,
/// against the sum over every picked asset: with videos, files changed on disk and picks whose
/// files were deleted since (they count for nothing).
final class SelectionTotalsTests: XCTestCase {
    private let root = RawPath("/lib/Pictures")

    private func file(_ n: Int, size: Int64, video: Bool) -> DiscoveredFile {
        var metadata = AssetMetadata(pixelWidth: 640, pixelHeight: 480)
        if video { metadata.durationSeconds = Double(n % 90) + 0.5 }
        metadata.captureDate = CaptureDate(seconds: Fixture.seconds(2024, 1 + n % 5, 1), utcOffset: 0)
        return DiscoveredFile(path: root.appending(component: Array("f\(n)".utf8)), root: root,
                              mimeType: video ? "video/mp4" : "image/jpeg", kind: video ? .video : .photo,
                              sizeBytes: size, modified: Fixture.seconds(2024, 2, 1), device: 1, inode: UInt64(n + 1),
                              metadata: metadata)
    }

    func testTotalsEqualTheSumOverThePickedAssets() {
        var random = SeededRandom(seed: 5)
        var files = (0..<300).map { file($0, size: Int64(1_000 + random.next(below: 5_000_000)), video: random.next(below: 4) == 0) }
        let session = PickerSession(configuration: PickerConfiguration(roots: [root]))
        session.addScanned(files)
        XCTAssertEqual(session.totals, SelectionTotals())
        session.selectAll()
        let all = session.selection.totals(session.library.asset)
        XCTAssertEqual(session.totals, all)
        XCTAssertEqual(all.count, 300)
        XCTAssertGreaterThan(all.videos, 0)

        // Some files change size or become videos, some go: the totals follow.
        var changes = LibraryChangeSet()
        for n in stride(from: 0, to: 300, by: 7) {
            files[n] = file(n, size: Int64(9_999 + n), video: n % 2 == 0)
            changes.updated.append(files[n])
        }
        changes.deleted = stride(from: 3, to: 300, by: 11).map { files[$0].path }
        session.library.apply(changes)
        let expected = session.selection.totals(session.library.asset)
        XCTAssertEqual(session.totals, expected)
        XCTAssertEqual(expected.count, 300 - changes.deleted.count, "deleted picks count for nothing")
    }
}
