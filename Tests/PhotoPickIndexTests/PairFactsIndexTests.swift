import Foundation
import PhotoPickCore
import PhotoPickIndex
import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest

/// A Live Photo's identifier and a Motion Photo's video range are kept in the index, read
/// back as they went in, and pass the asset's validation like any value a cache serves: a
/// row written wrong is dropped there, never a crash. End to end, a scan of real samples
/// finds them, and a second scan serves them from the index without reading the files.
final class PairFactsIndexTests: XCTestCase {
    private let photo = RawPath("/photos/PXL_1.MP.jpg")

    private func file(_ metadata: AssetMetadata, size: Int64 = 50_000) -> DiscoveredFile {
        DiscoveredFile(path: photo, root: RawPath("/photos"), mimeType: "image/jpeg", kind: .photo, sizeBytes: size,
                       modified: 1_700_000_000, device: 1, inode: 1, metadata: metadata)
    }

    func testBothFactsRoundTrip() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/index.sqlite3"
        let stored = AssetMetadata(pixelWidth: 64, pixelHeight: 48, contentIdentifier: PairSamples.identifier,
                                   motionVideo: ByteRange(offset: 1_000, length: 49_000))
        do {
            let index = try MetadataIndex(path: path)
            index.store([file(stored)])
            index.flush()
        }
        let reopened = try MetadataIndex(path: path)
        XCTAssertNil(reopened.rebuiltBecause)
        reopened.prepare(folder: RawPath("/photos"))
        XCTAssertEqual(reopened.lookup(photo, size: 50_000, modified: 1_700_000_000)?.metadata, stored)
    }

    func testAnIndexOfSchema6IsRebuilt() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/index.sqlite3"
        do { try MetadataIndex(path: path).flush() }
        let out = try ProcessRunner.run("/usr/bin/python3", ["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE meta SET value = '6' WHERE key = 'schema'"); db.commit()
            """, path])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(try MetadataIndex(path: path).rebuiltBecause, "schema version differs", "its rows never read these facts")
    }

    func testHostileRowsAreDroppedByValidation() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/index.sqlite3"
        do {
            let index = try MetadataIndex(path: path)
            index.store([file(AssetMetadata(contentIdentifier: "ok", motionVideo: ByteRange(offset: 10, length: 10)))])
            index.flush()
        }
        let rows: [(String, String)] = [
            ("content_id = 'a' || char(1) || 'b'", "motion_offset = 9223372036854775807, motion_length = 9223372036854775807"),
            ("content_id = x'ff00fe'", "motion_offset = -5, motion_length = 10"),
            ("content_id = ''", "motion_offset = 40000, motion_length = 20000"),  // past the file's 50,000 bytes
            ("content_id = 'é'", "motion_offset = 'junk', motion_length = 1e300"),
            ("content_id = 12345", "motion_offset = 1000, motion_length = NULL"),
            ("content_id = zeroblob(100000)", "motion_offset = 0, motion_length = 100"),
        ]
        for (id, video) in rows {
            let out = try ProcessRunner.run("/usr/bin/python3", ["-c", """
                import sqlite3, sys
                db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE files SET \(id), \(video)"); db.commit()
                """, path])
            XCTAssertEqual(out.status, 0, out.stderrText)
            let reopened = try MetadataIndex(path: path)
            reopened.prepare(folder: RawPath("/photos"))
            let info = try XCTUnwrap(reopened.lookup(photo, size: 50_000, modified: 1_700_000_000), id)
            let library = PhotoLibrary(roots: [RawPath("/photos")])
            let asset = try XCTUnwrap(library.add([DiscoveredFile(path: photo, root: RawPath("/photos"), mimeType: info.mimeType,
                                                                  kind: .photo, sizeBytes: 50_000, modified: 1_700_000_000,
                                                                  device: 1, inode: 1, metadata: info.metadata)]).first)
            XCTAssertNil(asset.metadata.motionVideo, video)
            if id != "content_id = 12345" { XCTAssertNil(asset.metadata.contentIdentifier, id) }
        }
    }

    func testAScanFindsBothAndTheNextServesThemFromTheIndex() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/library"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let live = try PairSamples.livePhotoJPEG(in: root)
        let motion = try PairSamples.motionPhotoJPEG(in: root)
        let heic = try PairSamples.motionPhotoHEIC(in: root)
        let samsung = try PairSamples.motionPhotoSamsungJPEG(in: root)
        let indexPath = dir.path + "/index.sqlite3"

        func scan(reader: (any MetadataReader)?) throws -> [String: AssetMetadata] {
            let index = try MetadataIndex(path: indexPath)
            defer { index.flush() }
            let scanner = FileSystemScanner(roots: [RawPath(root)], sniffer: GIOContentTypeSniffer(), metadataReader: reader, cache: index)
            return Dictionary(uniqueKeysWithValues: scanner.scanAll().files.map { ($0.path.description, $0.metadata) })
        }
        func check(_ found: [String: AssetMetadata], _ pass: String) {
            XCTAssertEqual(found[live.still]?.contentIdentifier, PairSamples.identifier, pass)
            XCTAssertEqual(found[live.movie]?.contentIdentifier, PairSamples.identifier, pass)
            XCTAssertEqual(found[motion.path]?.motionVideo, motion.video, pass)
            XCTAssertEqual(found[samsung.path]?.motionVideo, samsung.video, pass)
            if let heic { XCTAssertEqual(found[heic.path]?.motionVideo, heic.video, pass) }
        }
        let first = try scan(reader: Exiv2MetadataReader())
        XCTAssertEqual(first.count, heic == nil ? 4 : 5, "the samples and nothing else: \(first.keys.sorted())")
        check(first, "the first scan reads the files")
        check(try scan(reader: nil), "the second is served by the index")
    }
}
