import Foundation
import PhotoPickCore
import PhotoPickIndex
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The index file damaged in the ways disks and people damage files: it is set aside and
/// rebuilt (or, if it cannot be, the picker goes on without it), and opening never hangs.
final class HostileIndexTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var path: String { dir.path + "/cache/photopick/index.sqlite3" }

    override func setUp() { dir = TemporaryDirectory() }

    private func file(_ n: Int) -> DiscoveredFile {
        DiscoveredFile(path: RawPath("/photos/album-\(n % 7)/IMG_\(n).jpg"), root: RawPath("/photos"), mimeType: "image/jpeg",
                       kind: .photo, sizeBytes: Int64(1000 + n), modified: 1_700_000_000, device: 1, inode: UInt64(n),
                       metadata: AssetMetadata())
    }

    private func makeIndex(rows: Int = 3000) throws {
        let index = try MetadataIndex(path: path)
        index.store((0..<rows).map(file))
        index.flush()
    }

    /// Opens the index on another thread; fails instead of hanging the suite.
    private func open(within seconds: Double = 10) -> Result<MetadataIndex, Error>? {
        let box = OpenBox()
        let done = DispatchSemaphore(value: 0)
        let path = self.path
        Thread.detachNewThread {
            box.result = Result { try MetadataIndex(path: path) }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            XCTFail("opening the index hangs")
            return nil
        }
        return box.result
    }

    /// After damage the index either opens (rebuilt, and usable) or refuses to open: never
    /// stale rows served as if nothing happened.
    private func assertRecovers(_ what: String, expectRebuild: Bool = true) throws {
        guard let result = open() else { return }
        switch result {
        case .success(let index):
            if expectRebuild { XCTAssertNotNil(index.rebuiltBecause, "\(what): damage went unnoticed") }
            index.store([file(1)])
            index.flush()
            XCTAssertNotNil(index.lookup(file(1).path, size: 1001, modified: 1_700_000_000), what)
        case .failure(let error):
            XCTFail("\(what): the index could not be rebuilt: \(error)")
        }
    }

    func testATruncatedIndexIsRebuilt() throws {
        try makeIndex()
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        XCTAssertGreaterThan(size, 8192)
        XCTAssertEqual(truncate(path, off_t(size / 2)), 0)
        try assertRecovers("cut in half")
    }

    func testAnEmptyIndexFileIsAFreshIndex() throws {
        try makeIndex()
        XCTAssertEqual(truncate(path, 0), 0)
        try assertRecovers("empty", expectRebuild: false)
    }

    func testOverwrittenPagesAreNoticed() throws {
        try makeIndex()
        let fd = Glibc.open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let junk = [UInt8](repeating: 0xA5, count: 4096)
        for page in [1, 3] { _ = junk.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(page * 4096)) } }
        close(fd)
        try assertRecovers("overwritten pages")
    }

    func testAFolderOrAFIFOInPlaceOfTheIndexNeitherHangsNorCrashes() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try assertRecovers("a folder")  // set aside as index.sqlite3.broken
        for suffix in ["", "-wal", "-shm", ".broken"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try RawFiles.makeFIFO(path)
        try assertRecovers("a FIFO")  // opening it must not wait for a writer
    }
}

private final class OpenBox: @unchecked Sendable {
    var result: Result<MetadataIndex, Error>?
}
