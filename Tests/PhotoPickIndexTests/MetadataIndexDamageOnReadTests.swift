import Foundation
import PhotoPickCore
import PhotoPickIndex
import TestSupport
import XCTest

/// A one-shot run (`photopick list`, `albums`) skips SQLite's whole-file check, which reads
/// every page of the index; damage its own reads run into still sets the index aside.
final class MetadataIndexDamageOnReadTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var path: String { dir.path + "/cache/photopick/index.sqlite3" }
    private let folders = (0..<30).map { "/p/\($0)" }

    override func setUp() { dir = TemporaryDirectory() }

    private func file(_ folder: String, _ name: String) -> DiscoveredFile {
        DiscoveredFile(path: RawPath(folder + "/" + name), root: RawPath("/p"), mimeType: "image/jpeg", kind: .photo,
                       sizeBytes: 1000, modified: 1_700_000_000.5, device: 1, inode: 2,
                       metadata: AssetMetadata(pixelWidth: 10, pixelHeight: 20))
    }

    /// 3,000 rows in 30 folders, then 16 KB of junk over the middle of the file (the header
    /// and the schema stay readable, as in `MetadataIndexFolderTests`).
    private func makeDamagedIndex() throws {
        do {
            let index = try MetadataIndex(path: path)
            index.store((0..<3000).map { file(folders[$0 % 30], "photo-\($0)-with-a-long-name.jpg") })
            index.flush()
        }
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        let length = try handle.seekToEnd()
        try handle.seek(toOffset: length / 2)
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 16384))
        try handle.close()
    }

    private var setAside: Bool { FileManager.default.fileExists(atPath: path + ".broken") }

    func testDamageTheReadsMeetIsSetAsideWithoutTheWholeFileCheck() throws {
        try makeDamagedIndex()
        let index = try MetadataIndex(path: path, checksWholeFile: false)
        for folder in folders { index.prepare(folder: RawPath(folder)) }
        index.flush()
        XCTAssertTrue(setAside, "a read that failed on a damaged page sets the index aside")
        XCTAssertEqual(try MetadataIndex(path: path).count, 0, "started afresh")
    }

    func testWithoutReadsTheOneShotRunLeavesTheCheckToTheNextFullRun() throws {
        try makeDamagedIndex()
        do {
            let index = try MetadataIndex(path: path, checksWholeFile: false)
            index.flush()
        }
        XCTAssertFalse(setAside, "no page was read, so no whole-file check ran")
        let full = try MetadataIndex(path: path)
        full.flush()
        XCTAssertTrue(setAside, "the default still checks the whole file after the scan")
    }

    func testAnIntactIndexIsKeptAndAnswersAfterAOneShotRun() throws {
        do {
            let index = try MetadataIndex(path: path)
            index.store((0..<300).map { file(folders[$0 % 30], "\($0).jpg") })
            index.flush()
        }
        do {
            let index = try MetadataIndex(path: path, checksWholeFile: false)
            for folder in folders { index.prepare(folder: RawPath(folder)) }
            XCTAssertNotNil(index.lookup(RawPath("/p/7/7.jpg"), size: 1000, modified: 1_700_000_000.5))
            index.flush()
        }
        XCTAssertFalse(setAside)
        XCTAssertEqual(try MetadataIndex(path: path).count, 300)
    }
}
