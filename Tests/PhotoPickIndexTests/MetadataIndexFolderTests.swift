import Foundation
import PhotoPickCore
import PhotoPickIndex
import TestSupport
import XCTest

/// The index read a folder at a time, non-media files remembered, and damage found by
/// SQLite's full check after the scan rather than before the first screen.
final class MetadataIndexFolderTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var path: String { dir.path + "/cache/photopick/index.sqlite3" }

    override func setUp() { dir = TemporaryDirectory() }

    private func file(_ folder: String, _ name: String, size: Int64 = 1000) -> DiscoveredFile {
        DiscoveredFile(path: RawPath(folder + "/" + name), root: RawPath("/p"), mimeType: "image/jpeg", kind: .photo,
                       sizeBytes: size, modified: 1_700_000_000.5, device: 1, inode: 2,
                       metadata: AssetMetadata(pixelWidth: 10, pixelHeight: 20))
    }

    func testAPreparedFolderIsReadInOneGoAndOtherLookupsStillWork() throws {
        do {
            let index = try MetadataIndex(path: path)
            index.store((0..<50).map { file("/p/a", "\($0).jpg") } + [file("/p/a/sub", "deep.jpg"), file("/p/b", "x.jpg")])
            index.flush()
        }
        let index = try MetadataIndex(path: path)
        index.prepare(folder: RawPath("/p/a"))
        for i in 0..<50 { XCTAssertNotNil(index.lookup(RawPath("/p/a/\(i).jpg"), size: 1000, modified: 1_700_000_000.5)) }
        XCTAssertEqual(index.lookup(RawPath("/p/a/sub/deep.jpg"), size: 1000, modified: 1_700_000_000.5)?.metadata.pixelHeight, 20,
                       "a file in a subfolder is not in the prepared folder, and is still found")
        XCTAssertNotNil(index.lookup(RawPath("/p/b/x.jpg"), size: 1000, modified: 1_700_000_000.5))
        XCTAssertNil(index.lookup(RawPath("/p/a/0.jpg"), size: 999, modified: 1_700_000_000.5))
        XCTAssertEqual(index.count, 52)
    }

    func testStoredRowsWinOverThePreparedFolderAndForgettingCoversBoth() throws {
        let index = try MetadataIndex(path: path)
        index.store([file("/p", "a.jpg")])
        index.flush()
        index.prepare(folder: RawPath("/p"))
        index.store([file("/p", "a.jpg", size: 2000)])
        XCTAssertNil(index.lookup(RawPath("/p/a.jpg"), size: 1000, modified: 1_700_000_000.5), "the newer row counts")
        XCTAssertNotNil(index.lookup(RawPath("/p/a.jpg"), size: 2000, modified: 1_700_000_000.5))
        index.forget([RawPath("/p/a.jpg")])
        XCTAssertNil(index.lookup(RawPath("/p/a.jpg"), size: 2000, modified: 1_700_000_000.5))
        index.flush()
        XCTAssertNil(try MetadataIndex(path: path).lookup(RawPath("/p/a.jpg"), size: 2000, modified: 1_700_000_000.5))
    }

    func testNonMediaFilesAreRememberedButNotCounted() throws {
        do {
            let index = try MetadataIndex(path: path)
            index.storeNotMedia([ScannedStamp(path: RawPath("/p/notes.jpg"), size: 5, modified: 1.5)])
            index.store([file("/p", "real.jpg")])
        }
        let index = try MetadataIndex(path: path)
        XCTAssertEqual(index.lookup(RawPath("/p/notes.jpg"), size: 5, modified: 1.5)?.mimeType, "")
        XCTAssertNil(index.lookup(RawPath("/p/notes.jpg"), size: 6, modified: 1.5), "changed: sniffed again")
        XCTAssertEqual(index.count, 1)
    }

    func testDamageInsideTheFileIsFoundAfterTheScanAndTheIndexRebuiltNextTime() throws {
        do {
            let index = try MetadataIndex(path: path)
            index.store((0..<3000).map { file("/p/\($0 % 30)", "photo-\($0)-with-a-long-name.jpg") })
            index.flush()
        }
        // Scribble over pages in the middle: the header and the schema stay readable.
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        let length = try handle.seekToEnd()
        try handle.seek(toOffset: length / 2)
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 16384))
        try handle.close()

        let damaged = try MetadataIndex(path: path)
        XCTAssertNil(damaged.rebuiltBecause, "the open stays cheap: the full check waits for the scan to end")
        damaged.flush()
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".broken"), "moved aside after the check")
        let rebuilt = try MetadataIndex(path: path)
        XCTAssertEqual(rebuilt.count, 0, "started afresh")
    }
}
