import Foundation
import PhotoPickCore
import PhotoPickIndex
import PhotoPickMedia
import TestSupport
import XCTest

final class MetadataIndexTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var path: String { dir.path + "/cache/photopick/index.sqlite3" }

    override func setUp() { dir = TemporaryDirectory() }

    private func file(_ name: [UInt8], size: Int64 = 1000, modified: Double = 1_700_000_000.25,
                      metadata: AssetMetadata = AssetMetadata()) -> DiscoveredFile {
        DiscoveredFile(path: RawPath(bytes: Array("/photos/".utf8) + name), root: RawPath("/photos"), mimeType: "image/jpeg",
                       kind: .photo, sizeBytes: size, modified: modified, device: 1, inode: 2, metadata: metadata)
    }

    private let rich = AssetMetadata(pixelWidth: 4000, pixelHeight: 3000, orientation: 6,
                                     captureDate: CaptureDate(seconds: 1_714_565_002, utcOffset: 7200), dateSource: .exif,
                                     location: GeoLocation(latitude: 48.2, longitude: 16.37, altitude: 171),
                                     cameraMake: "Canon", cameraModel: "Canon EOS R6", rating: 4,
                                     isScreenshot: false, durationSeconds: nil)

    func testStoredFilesAreFoundAfterReopeningWithAllTheirMetadata() throws {
        let odd: [UInt8] = Array("tab\there é ".utf8) + [0xFF, 0x0A] + Array(".jpg".utf8)
        do {
            let index = try MetadataIndex(path: path)
            index.store([file(odd, metadata: rich), file(Array("b.png".utf8))])
            index.flush()
        }
        let reopened = try MetadataIndex(path: path)
        XCTAssertNil(reopened.rebuiltBecause)
        XCTAssertEqual(reopened.count, 2)
        let hit = try XCTUnwrap(reopened.lookup(file(odd).path, size: 1000, modified: 1_700_000_000.25))
        XCTAssertEqual(hit.metadata, rich)
        XCTAssertEqual(hit.mimeType, "image/jpeg")
    }

    func testAChangedFileIsAMiss() throws {
        let index = try MetadataIndex(path: path)
        index.store([file(Array("a.jpg".utf8))])
        let p = file(Array("a.jpg".utf8)).path
        XCTAssertNotNil(index.lookup(p, size: 1000, modified: 1_700_000_000.25))
        XCTAssertNil(index.lookup(p, size: 1001, modified: 1_700_000_000.25))
        XCTAssertNil(index.lookup(p, size: 1000, modified: 1_700_000_001))
        index.forget([p])
        XCTAssertNil(index.lookup(p, size: 1000, modified: 1_700_000_000.25))
    }

    func testGarbageIsRebuiltNotTrusted() throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: path))
        let index = try MetadataIndex(path: path)
        XCTAssertNotNil(index.rebuiltBecause)
        index.store([file(Array("a.jpg".utf8))])
        index.flush()
        XCTAssertEqual(try MetadataIndex(path: path).count, 1)
    }

    func testAForeignDatabaseIsRebuilt() throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let sqlite = try XCTUnwrap(Binaries.which("sqlite3"), "sqlite3 CLI missing")
        _ = try ProcessRunner.run(sqlite, [path, "CREATE TABLE files(x); INSERT INTO files VALUES (1);"])
        let index = try MetadataIndex(path: path)
        XCTAssertEqual(index.rebuiltBecause, "not a photopick index")
        XCTAssertEqual(index.count, 0)
    }

    func testAnotherSchemaVersionIsRebuilt() throws {
        do { _ = try MetadataIndex(path: path) }
        let sqlite = try XCTUnwrap(Binaries.which("sqlite3"), "sqlite3 CLI missing")
        _ = try ProcessRunner.run(sqlite, [path, "UPDATE meta SET value = '999' WHERE key = 'schema';"])
        XCTAssertEqual(try MetadataIndex(path: path).rebuiltBecause, "schema version differs")
    }

    func testPrivatePermissions() throws {
        _ = try MetadataIndex(path: path)
        let attrs = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attrs[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)
        XCTAssertEqual((folder[.posixPermissions] as? NSNumber)?.intValue, 0o700)
    }

    func testTwoIndexesOpenAtOnceBothWrite() throws {
        let a = try MetadataIndex(path: path)
        let b = try MetadataIndex(path: path)
        let batches = (0..<2).map { i in (0..<200).map { n in file(Array("\(i)-\(n).jpg".utf8)) } }
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let index = i == 0 ? a : b
            for f in batches[i] { index.store([f]) }
            index.flush()
        }
        let merged = try MetadataIndex(path: path)
        XCTAssertNil(merged.rebuiltBecause)
        XCTAssertEqual(merged.count, 400)
    }

    /// The index and the shared thumbnails name their cache folder alike (they were word-for-word
    /// copies of one hand-made resolver; both ask `BaseDirectories` now).
    func testTheStandardPathIsInTheSameCacheFolderAsTheThumbnails() {
        for environment in [["HOME": "/h"], ["HOME": "/h", "XDG_CACHE_HOME": "relative"], ["HOME": "/h", "XDG_CACHE_HOME": ""],
                            ["HOME": "/h", "XDG_CACHE_HOME": "/c"], ["HOME": ""]] {
            let cache = (FreedesktopThumbnailCache.standard(environment: environment).root as NSString).deletingLastPathComponent
            XCTAssertEqual(MetadataIndex.standardPath(environment: environment), cache + "/photopick/index.sqlite3", "\(environment)")
        }
        XCTAssertEqual(MetadataIndex.standardPath(environment: ["HOME": "/h", "XDG_CACHE_HOME": "relative"]),
                       "/h/.cache/photopick/index.sqlite3")
    }
}
