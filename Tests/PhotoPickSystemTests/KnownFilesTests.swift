import PhotoPickCore
@testable import PhotoPickSystem
import XCTest

/// The index's rows as a listing reads them: kept only in byte order, found by folder and
/// name whatever the bytes, and bounded in the types they may bring.
final class KnownFilesTests: XCTestCase {
    private func add(_ known: inout KnownFiles, _ folder: [UInt8], _ name: [UInt8], mime: String = "image/jpeg",
                     size: Int64 = 1, capture: Double? = nil) -> Bool {
        folder.withUnsafeBytes { f in
            name.withUnsafeBytes { n in
                Array(mime.utf8).withUnsafeBytes { m in
                    known.append(folder: f, name: n, size: size, modified: 2, mimeType: m, capture: capture)
                }
            }
        }
    }

    func testFindsEveryNameOfAFolderAndNothingElse() throws {
        var known = KnownFiles()
        let names = (0..<3000).map { Array("IMG_\($0).jpg".utf8) }.sorted { RawPath(bytes: $0) < RawPath(bytes: $1) }
        XCTAssertTrue(add(&known, Array("/a".utf8), [0xFF, 0x0A]))
        for (i, name) in names.enumerated() { XCTAssertTrue(add(&known, Array("/a/b".utf8), name, size: Int64(i))) }
        XCTAssertTrue(add(&known, Array("/a/c".utf8), []))  // an empty name is still a row
        let folder = try XCTUnwrap(known.folder(RawPath("/a/b")))
        for (i, name) in names.enumerated() { XCTAssertEqual(known.row(named: name, in: folder)?.size, Int64(i)) }
        XCTAssertNil(known.row(named: Array("IMG_3000.jpg".utf8), in: folder))
        XCTAssertNil(known.row(named: [], in: folder))
        XCTAssertNil(known.row(named: [0xFF, 0x0A], in: folder), "another folder's row")
        XCTAssertEqual(known.row(named: [0xFF, 0x0A], in: try XCTUnwrap(known.folder(RawPath("/a"))))?.size, 1)
        XCTAssertNotNil(known.row(named: [], in: try XCTUnwrap(known.folder(RawPath("/a/c")))))
        XCTAssertNil(known.folder(RawPath("/a/b/")))
        XCTAssertNil(known.folder(RawPath("/")))
    }

    func testRowsOutOfOrderAreLeftOut() {
        var known = KnownFiles()
        XCTAssertTrue(add(&known, Array("/b".utf8), Array("2".utf8)))
        XCTAssertFalse(add(&known, Array("/b".utf8), Array("2".utf8)), "a repeated row")
        XCTAssertFalse(add(&known, Array("/b".utf8), Array("1".utf8)), "a name before the last")
        XCTAssertFalse(add(&known, Array("/a".utf8), Array("9".utf8)), "a folder before the last")
        XCTAssertTrue(add(&known, Array("/b".utf8), Array("3".utf8)))
        XCTAssertTrue(add(&known, Array("/b0".utf8), Array("1".utf8)))
        XCTAssertEqual(known.count, 3)
        XCTAssertEqual(known.folderCount, 2)
    }

    func testTypesAreBoundedAndKnownAsMediaOrNot() throws {
        var known = KnownFiles()
        XCTAssertTrue(add(&known, Array("/f".utf8), Array("a".utf8), mime: ""))
        XCTAssertTrue(add(&known, Array("/f".utf8), Array("b".utf8), mime: "video/mp4", capture: 5))
        var kept = 2
        for i in 0..<(KnownFiles.maxTypes + 10) where add(&known, Array("/f".utf8), Array("c\(100_000 + i)".utf8), mime: "image/x-\(i)") {
            kept += 1
        }
        XCTAssertEqual(kept, KnownFiles.maxTypes, "no more than maxTypes types; rows beyond are left out")
        let folder = try XCTUnwrap(known.folder(RawPath("/f")))
        XCTAssertEqual(known.row(named: Array("a".utf8), in: folder)?.isMedia, false)
        let video = try XCTUnwrap(known.row(named: Array("b".utf8), in: folder))
        XCTAssertTrue(video.isMedia)
        XCTAssertEqual(video.mimeType, "video/mp4")
        XCTAssertEqual(video.capture, 5)
        XCTAssertNil(known.row(named: Array("a".utf8), in: folder)?.capture)
    }
}

private extension KnownFiles {
    /// The row of `name` in `folder`, looked up as the listing looks up a name it read.
    func row(named name: [UInt8], in folder: Folder) -> Row? {
        name.withUnsafeBytes { row(named: $0, in: folder) }
    }
}
