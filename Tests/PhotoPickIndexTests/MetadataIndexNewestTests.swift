import Foundation
import PhotoPickCore
@testable import PhotoPickIndex
import TestSupport
import XCTest

/// The newest files of a recorded listing (`listing_newest`), which a warm open shows first:
/// recorded with the listing, newest first by capture date else modification time, at most
/// `newestCount`; read back only for the same roots, and every row checked as input.
final class MetadataIndexNewestTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var path: String { dir.path + "/index.sqlite3" }
    private let root = RawPath("/photos")

    override func setUp() { dir = TemporaryDirectory() }

    private func file(_ name: String, under root: RawPath? = nil, modified: Double, capture: Double? = nil,
                      inode: UInt64 = 1) -> DiscoveredFile {
        let root = root ?? self.root
        return DiscoveredFile(path: RawPath(root.description + "/" + name), root: root, mimeType: "image/jpeg", kind: .photo,
                              sizeBytes: 10, modified: modified, device: 1, inode: inode,
                              metadata: AssetMetadata(captureDate: capture.map { CaptureDate(seconds: $0) },
                                                      dateSource: capture == nil ? .modified : .exif))
    }

    /// `count` files in 4 folders; every third has a capture date, which outranks its time.
    private func library(_ count: Int, under root: RawPath? = nil) -> [DiscoveredFile] {
        (0..<count).map { i in
            let t = 1_600_000_000 + Double((i * 7_919) % count) * 60
            return file("f\(i % 4)/IMG_\(i).jpg", under: root, modified: t, capture: i % 3 == 0 ? t + 30 : nil, inode: UInt64(i + 1))
        }
    }

    private func record(_ files: [DiscoveredFile], roots: [RawPath], in index: MetadataIndex) {
        index.store(files)
        index.recordListing(of: roots, snapshot: LibrarySnapshotStore(files: files).snapshot(), completed: 1_800_000_000)
    }

    private func sql(_ statements: String) throws {
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript(sys.argv[2])
            db.commit()
            """
        let out = try ProcessRunner.run("/usr/bin/python3", ["-c", edit, path, statements])
        XCTAssertEqual(out.status, 0, out.stderrText)
    }

    private func date(_ f: DiscoveredFile) -> Double { f.metadata.captureDate?.seconds ?? f.modified }

    func testTheNewestFilesAreRecordedWithTheListingNewestFirstAndBounded() throws {
        let files = library(MetadataIndex.newestCount + 500)
        record(files, roots: [root], in: try MetadataIndex(path: path))
        let index = try MetadataIndex(path: path)
        let newest = try XCTUnwrap(index.newestListed(of: [root]))
        XCTAssertEqual(newest.count, MetadataIndex.newestCount)
        let expected = files.sorted { date($0) > date($1) }.prefix(MetadataIndex.newestCount)
        XCTAssertEqual(newest.map(\.path), expected.map(\.path))
        // Each as the whole listing hands it.
        var listed: [RawPath: DiscoveredFile] = [:]
        XCTAssertNotNil(index.listedFiles(of: [root], reserve: { _ in }, each: { listed[$0.path] = $0 }))
        for file in newest { XCTAssertEqual(file, listed[file.path]) }

        // A later listing replaces them: a new newest file, and the old newest gone.
        var next = files.filter { $0.path != newest[0].path }
        next.append(file("f9/fresh.jpg", modified: 1_700_000_000, inode: 99_999))
        let writer = try MetadataIndex(path: path)
        writer.forget([newest[0].path])
        record(next, roots: [root], in: writer)
        let again = try XCTUnwrap(try MetadataIndex(path: path).newestListed(of: [root]))
        XCTAssertEqual(again.first?.path, RawPath("/photos/f9/fresh.jpg"))
        XCTAssertFalse(again.contains { $0.path == newest[0].path })
        XCTAssertEqual(again.count, MetadataIndex.newestCount)
    }

    func testAListingOfOtherRootsIsIgnored() throws {
        let other = RawPath("/elsewhere")
        let index = try MetadataIndex(path: path)
        record(library(50), roots: [root], in: index)
        record(library(30, under: other), roots: [other], in: index)
        let mine = try XCTUnwrap(index.newestListed(of: [root]))
        XCTAssertEqual(mine.count, 50)
        XCTAssertTrue(mine.allSatisfy { $0.path.relative(to: root) != nil && $0.root == root })
        XCTAssertEqual(index.newestListed(of: [other])?.count, 30)
        XCTAssertNil(index.newestListed(of: [root, other]), "no listing of both")
        XCTAssertNil(index.newestListed(of: [RawPath("/photos/f1")]), "nor of a folder below")
    }

    func testAnIndexRecordedBeforeTheNewestFilesOpensAsBefore() throws {
        let files = library(40)
        record(files, roots: [root], in: try MetadataIndex(path: path))
        try sql("DROP TABLE listing_newest;")
        let index = try MetadataIndex(path: path)
        XCTAssertNil(index.rebuiltBecause)
        XCTAssertNil(index.newestListed(of: [root]))
        var listed = 0
        XCTAssertNotNil(index.listedFiles(of: [root], reserve: { _ in }, each: { _ in listed += 1 }))
        XCTAssertEqual(listed, 40, "the listing itself is read as before")
        // The next recorded listing fills it.
        record(files, roots: [root], in: index)
        XCTAssertEqual(index.newestListed(of: [root])?.count, 40)
    }

    func testRowsThatAreGoneImpossibleOrOutsideTheListingAreSkipped() throws {
        let files = library(20)
        let index = try MetadataIndex(path: path)
        record(files, roots: [root], in: index)
        index.store([file("hidden/.x.jpg", modified: 1_900_000_000, inode: 500),
                     file("../etc/x.jpg", modified: 1_900_000_000, inode: 501)])
        index.flush()
        let good = try XCTUnwrap(index.newestListed(of: [root]))
        let key = "X'" + Array("/photos".utf8).map { String(format: "%02X", $0) }.joined() + "00'"
        func blob(_ s: String) -> String { "X'" + Array(s.utf8).map { String(format: "%02X", $0) }.joined() + "'" }
        try sql("""
            UPDATE files SET size = 0 WHERE folder = \(blob("/photos/f1")) AND name = \(blob("IMG_1.jpg"));
            UPDATE files SET mime = 'text/plain' WHERE folder = \(blob("/photos/f2")) AND name = \(blob("IMG_2.jpg"));
            UPDATE files SET mime = '' WHERE folder = \(blob("/photos/f3")) AND name = \(blob("IMG_3.jpg"));
            INSERT INTO listing_newest VALUES
              (\(key), -5, \(blob("/photos/f0")), \(blob("gone.jpg"))),
              (\(key), -4, \(blob("/photos/hidden")), \(blob(".x.jpg"))),
              (\(key), -3, \(blob("/photos/..")), \(blob("etc/x.jpg"))),
              (\(key), -2, \(blob("/elsewhere")), \(blob("IMG_0.jpg"))),
              (\(key), -1, \(blob("/photos/f0")), \(blob("IMG_0.jpg"))),
              (\(key), 1000000, \(blob("/photos/f0")), \(blob("IMG_4.jpg"))),
              (\(key), 1000001, X'00', X'');
            """)
        let read = try XCTUnwrap(try MetadataIndex(path: path).newestListed(of: [root]))
        let bad: Set<RawPath> = [RawPath("/photos/f1/IMG_1.jpg"), RawPath("/photos/f2/IMG_2.jpg"), RawPath("/photos/f3/IMG_3.jpg")]
        // IMG_0 first (its false rank), once; the rows that cannot be listed are left out.
        XCTAssertEqual(read.map(\.path), [RawPath("/photos/f0/IMG_0.jpg")] + good.map(\.path).filter {
            !bad.contains($0) && $0 != RawPath("/photos/f0/IMG_0.jpg")
        })
        XCTAssertEqual(Set(read.map(\.path)).count, read.count)

        // More rows than it ever records: only the first `newestCount` are read.
        try sql("""
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 4999)
            INSERT INTO listing_newest SELECT \(key), -10000 + i, \(blob("/photos/f0")), \(blob("nothing.jpg")) FROM n;
            """)
        XCTAssertNil(try MetadataIndex(path: path).newestListed(of: [root]), "5,000 rows of a file that is gone: none")
    }

    /// Ranked by the date the library shows each file by: a capture time no date can have
    /// (index values are input) gives way to the modification time, clamped as `Asset` clamps it.
    func testTheRankingDatesEachFileAsTheLibraryDoes() throws {
        let files = [file("a.jpg", modified: 1_600_000_100, capture: 1e15, inode: 1),  // dated by its mtime
                     file("b.jpg", modified: 1_600_000_000, capture: 1_600_000_200, inode: 2),
                     file("c.jpg", modified: 1_600_000_150, capture: -1e15, inode: 3),  // dated by its mtime
                     file("d.jpg", modified: 1_600_000_050, inode: 4),
                     file("e.jpg", modified: 1e300, inode: 5)]  // the latest date there is
        record(files, roots: [root], in: try MetadataIndex(path: path))
        let newest = try XCTUnwrap(try MetadataIndex(path: path).newestListed(of: [root]))
        XCTAssertEqual(newest.map { String(decoding: $0.path.lastComponentBytes, as: UTF8.self) }, ["e.jpg", "b.jpg", "c.jpg", "a.jpg", "d.jpg"])
        // As `Asset.dateSeconds`: the validated capture time, else the clamped modification time.
        let dated = newest.map { $0.metadata.validated().captureDate?.seconds ?? RepresentableTime.clamped($0.modified) }
        XCTAssertEqual(dated, dated.sorted(by: >), "newest first as the grid dates them")
    }

    /// An SQL blob literal of `text`'s bytes.
    private func blobLiteral(_ text: String) -> String {
        "X'" + Array(text.utf8).map { String(format: "%02X", $0) }.joined() + "'"
    }

    /// A listing recorded again looks only at rows as new as the oldest of those ranked
    /// before, as the rows are now: a ranked file that became older leaves, one that became
    /// newer comes in, and with fewer of the ranked files left every row is looked at; each
    /// time exactly the ranking of every row.
    func testARankingRecordedAgainIsTheRankingOfEveryRowAsItIsNow() throws {
        let files = library(MetadataIndex.newestCount + 500)
        record(files, roots: [root], in: try MetadataIndex(path: path))
        let before = try XCTUnwrap(try MetadataIndex(path: path).newestListed(of: [root]))
        let demoted = before[3]
        let promoted = try XCTUnwrap(files.first { file in !before.contains { $0.path == file.path } })
        func where_(_ f: DiscoveredFile) -> String {
            "folder = \(blobLiteral(f.path.parent.description)) AND name = \(blobLiteral(String(decoding: f.path.lastComponentBytes, as: UTF8.self)))"
        }
        try sql("""
            UPDATE files SET capture = 1600000000.5 WHERE \(where_(demoted));
            UPDATE files SET capture = NULL, mtime = 1900000000 WHERE \(where_(promoted));
            """)
        var dates = Dictionary(uniqueKeysWithValues: files.map { ($0.path, date($0)) })
        dates[demoted.path] = 1_600_000_000.5
        dates[promoted.path] = 1_900_000_000
        func expected(_ paths: [RawPath]) -> [RawPath] {
            Array(paths.sorted { dates[$0]! > dates[$1]! }.prefix(MetadataIndex.newestCount))
        }
        let snapshot = LibrarySnapshotStore(files: files).snapshot()
        try MetadataIndex(path: path).recordListing(of: [root], snapshot: snapshot, completed: 1_800_000_100,
                                                    applying: LibraryChangeSet())
        let after = try XCTUnwrap(try MetadataIndex(path: path).newestListed(of: [root]))
        XCTAssertEqual(after.map(\.path), expected(files.map(\.path)))
        XCTAssertEqual(after.first?.path, promoted.path)
        XCTAssertFalse(after.contains { $0.path == demoted.path })

        // One of the ranked files gone: fewer than are ranked are left, and every row counts.
        let gone = after[10].path
        let index = try MetadataIndex(path: path)
        index.forget([gone])
        let left = files.filter { $0.path != gone }
        index.recordListing(of: [root], snapshot: LibrarySnapshotStore(files: left).snapshot(), completed: 1_800_000_200)
        XCTAssertEqual(try MetadataIndex(path: path).newestListed(of: [root])?.map(\.path), expected(left.map(\.path)))
    }
}
