import Foundation
import PhotoPickCore
@testable import PhotoPickIndex
import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest

/// `photopick list`'s fast lines (the index read into arenas, merged with the walk, no
/// library model) print exactly what the model's path prints — `PhotoLibrary` →
/// `AssetCollection` → `AssetFormatter.lines` — over hostile names, links and hard links,
/// equal dates, new, changed and vanished files, impossible rows and a damaged index.
/// Each side runs on its own copy of the same index, since both write what they learn.
final class DatedLinesParityTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var root: RawPath!
    private var index: String { dir.path + "/cache/index.sqlite3" }

    override func setUp() {
        SystemHost.install()  // the model reads the zone for its day facts
        dir = TemporaryDirectory()
    }

    /// The hostile library, plus three photos with one modification time and no EXIF date
    /// (ordered by their path bytes), and two hard links in one folder.
    private func makeLibrary() throws {
        let hostile = try HostileLibrary.make(in: dir, manyCount: 40, depth: 8)
        root = hostile.root
        let ties = hostile.root.appending(component: Array("ties".utf8))
        for (i, name) in [[0xC3, 0xA9] + Array(".jpg".utf8), Array("e.jpg".utf8), Array("E.jpg".utf8)].enumerated() {
            let path = ties.appending(component: name)
            try FileManager.default.createDirectory(atPath: ties.description, withIntermediateDirectories: true)
            try ImageFactory.write(dir.path + "/tie.jpg", width: 10 + i, height: 10, format: .jpeg)
            try RawFiles.write(try RawFiles.read(dir.path + "/tie.jpg"), to: path)
            try ImageFactory.setModified(path.description, 1_650_000_000)
        }
        try ImageFactory.write(root.description + "/pair/a.jpg", width: 12, height: 9, format: .jpeg)
        try RawFiles.hardLink(root.description + "/pair/b.jpg", to: root.description + "/pair/a.jpg")
    }

    private func copyIndex(to target: String) throws {
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: index + suffix) {
            try? FileManager.default.removeItem(atPath: target + suffix)
            try FileManager.default.copyItem(atPath: index + suffix, toPath: target + suffix)
        }
    }

    private func scanner(_ cache: MetadataIndex?) -> FileSystemScanner {
        FileSystemScanner(roots: [root], sniffer: GIOContentTypeSniffer(), metadataReader: Exiv2MetadataReader(), cache: cache)
    }

    /// The model's lines, as `photopick list` printed them before the fast path.
    private func modelLines(indexAt path: String, sort: AssetSort) throws -> [UInt8] {
        let (files, _) = scanner(try MetadataIndex(path: path, checksWholeFile: false)).scanAll()
        let library = PhotoLibrary(roots: [root])
        library.add(files)
        let collection = library.collection(of: .allPhotos, grouping: .none, filter: .all, sort: sort)
        return AssetFormatter().lines(collection.assetIDs.compactMap(library.asset))
    }

    /// The fast path's lines, through its own buffered writer into a file.
    private func fastLines(indexAt path: String, sort: AssetSort) throws -> [UInt8] {
        let cache = try MetadataIndex(path: path, checksWholeFile: false)
        let listing = scanner(cache).listMedia(index: cache)
        var order = listing.newestFirst()
        if sort == .dateAscending { order.reverse() }
        let out = dir.path + "/out-\(UUID().uuidString)"
        let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        var output = BufferedOutput(fd: fd, capacity: 64)  // small: many flushes, some lines longer than it
        try listing.writeLines(order, to: &output)
        try output.flush()
        close(fd)
        return try RawFiles.read(out)
    }

    /// Both paths over copies of the current index; returns the lines (equal, or the test fails).
    @discardableResult
    private func assertSameLines(_ what: String, sort: AssetSort = .dateDescending,
                                 file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let modelIndex = dir.path + "/model/index.sqlite3", fastIndex = dir.path + "/fast/index.sqlite3"
        try copyIndex(to: modelIndex)
        try copyIndex(to: fastIndex)
        let model = try modelLines(indexAt: modelIndex, sort: sort)
        let fast = try fastLines(indexAt: fastIndex, sort: sort)
        XCTAssertFalse(model.isEmpty, what, file: file, line: line)
        let fastLines = fast.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        let modelLines = model.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        let first = (0..<min(fastLines.count, modelLines.count)).first { fastLines[$0] != modelLines[$0] }.map {
            "line \($0): \(String(decoding: fastLines[$0], as: UTF8.self)) ≠ \(String(decoding: modelLines[$0], as: UTF8.self))"
        }
        XCTAssertTrue(fast == model, "\(what): the fast lines differ from the model's (\(fastLines.count) lines against "
                      + "\(modelLines.count); first difference: \(first ?? "none in common lines"))", file: file, line: line)
        return fast
    }

    /// Fills the index as a run of the scanner does.
    private func warmIndex() throws {
        try FileManager.default.createDirectory(atPath: dir.path + "/cache", withIntermediateDirectories: true)
        _ = scanner(try MetadataIndex(path: index)).scanAll()
    }

    func testColdAndWarmIndexGiveTheModelsLines() throws {
        try makeLibrary()
        try assertSameLines("no index yet")
        try warmIndex()
        let lines = try assertSameLines("warm index")
        try assertSameLines("warm index, oldest first", sort: .dateAscending)
        let text = lines.split(separator: 0x0A).map { Array($0) }
        let ties = ["E.jpg", "e.jpg", "\u{E9}.jpg"].map { Array((root.description + "/ties/" + $0).utf8) }
        XCTAssertEqual(text.filter { ties.contains($0) }, ties, "equal dates are in path byte order")
        let pair = text.filter { $0.starts(with: Array((root.description + "/pair/").utf8)) }
        XCTAssertEqual(pair.count, 1, "two hard links are one photo")
        XCTAssertTrue(text.contains { $0.starts(with: Array("$'".utf8)) }, "a name with a newline is quoted")
    }

    func testNewChangedAndVanishedFilesGiveTheModelsLines() throws {
        try makeLibrary()
        try warmIndex()
        let changed = root.description + "/pair/a.jpg"
        try FileManager.default.removeItem(atPath: changed)  // a new file under the old name: the hard link is broken
        try ImageFactory.write(changed, width: 30, height: 20, format: .jpeg)
        try ImageFactory.setModified(changed, 1_720_000_000)
        try ImageFactory.write(root.description + "/new/fresh.jpg", width: 8, height: 8, format: .jpeg)
        try FileManager.default.removeItem(atPath: root.description + "/ties/e.jpg")
        let lines = try assertSameLines("changed, new and vanished files")
        let text = String(decoding: lines, as: UTF8.self)
        XCTAssertTrue(text.contains("/new/fresh.jpg\n"))
        XCTAssertFalse(text.contains("/ties/e.jpg\n"))
        XCTAssertTrue(text.contains("/pair/b.jpg\n") && text.contains("/pair/a.jpg\n"), "no longer one file")
    }

    func testImpossibleAndMistypedRowsGiveTheModelsLines() throws {
        try makeLibrary()
        try warmIndex()
        let text = root.description + "/broken/text.jpg"
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            root = sys.argv[2].encode()
            def folder(f): return sqlite3.Binary(root + f.encode())
            db.execute("UPDATE files SET capture = 1e308 WHERE folder = ?", (folder("/many"),))
            db.execute("UPDATE files SET capture = 'junk' WHERE folder = ? AND name = ?", (folder("/ties"), b"e.jpg"))
            db.execute("UPDATE files SET capture = -1e10 WHERE folder = ? AND name = ?", (folder("/ties"), b"E.jpg"))
            db.execute("UPDATE files SET mime = '' WHERE folder = ? AND name = ?", (folder("/pair"), b"a.jpg"))
            db.execute("UPDATE files SET mime = 'image/x-odd' WHERE folder = ? AND name = ?", (folder("/broken"), b"text.jpg"))
            db.execute("UPDATE files SET folder = CAST(folder AS TEXT) WHERE folder = ?", (folder("/originals"),))
            db.execute("UPDATE files SET name = CAST(name AS TEXT) WHERE folder = ? AND name = ?", (folder("/deep/d01/d02/d03/d04/d05/d06/d07/d08"), b"deep.jpg"))
            db.execute("UPDATE files SET mtime = mtime + 1 WHERE folder = ? AND name = ?", (folder("/ties"), sqlite3.Binary("é.jpg".encode())))
            db.execute("INSERT INTO files SELECT folder, CAST('gone.jpg' AS BLOB), size, mtime, mime, width, height, orientation, "
                       "capture, capture_offset, date_source, latitude, longitude, altitude, make, model, rating, screenshot, "
                       "duration, device, inode, content_id, motion_offset, motion_length FROM files WHERE folder = ? LIMIT 1", (folder("/many"),))
            db.commit()
            """
        let out = try ProcessRunner.run("/usr/bin/python3", ["-c", edit, index, root.description])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let lines = try assertSameLines("impossible and mistyped rows")
        XCTAssertTrue(String(decoding: lines, as: UTF8.self).contains("/broken/text.jpg\n"),
                      "a row that calls a matching text file a photo is served, as the model serves it: \(text)")
    }

    func testDamagedIndexGivesTheModelsLinesAndIsSetAside() throws {
        try makeLibrary()
        try warmIndex()
        // The files table's root page, which every read of a row passes through, is overwritten:
        // damage at a fixed offset may land on a page no listing reads, depending on how big the
        // library (with or without the shared corpora) made the file.
        let locate = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            page = db.execute("PRAGMA page_size").fetchone()[0]
            root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'files'").fetchone()[0]
            print((root - 1) * page, page)
            """
        let out = try ProcessRunner.run("/usr/bin/python3", ["-c", locate, index])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let place = out.stdoutText.split(whereSeparator: \.isWhitespace).compactMap { UInt64($0) }
        guard place.count == 2, place[0] > 0 else { return XCTFail("no root page for files: \(out.stdoutText)") }
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: index))
        try handle.seek(toOffset: place[0])
        try handle.write(contentsOf: Data(repeating: 0x5A, count: Int(place[1])))
        try handle.close()
        try assertSameLines("a damaged index")
        for side in ["model", "fast"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.path + "/\(side)/index.sqlite3.broken"),
                          "\(side): the damage the reads met sets the index aside")
        }
    }

    func testKeyRangesCoverEachRootAndItsSubtreeOnce() {
        // Nested and neighbouring roots: "/a b" sorts between "/a" and "/a/…".
        let ranges = MetadataIndex.keyRanges(below: [RawPath("/a/x"), RawPath("/a"), RawPath("/a b")])
        XCTAssertEqual(ranges.map { [String(decoding: $0.low, as: UTF8.self), String(decoding: $0.high, as: UTF8.self)] },
                       [["/a", "/a\u{0}"], ["/a b", "/a b\u{0}"], ["/a b/", "/a b0"], ["/a/", "/a0"]])
    }
}
