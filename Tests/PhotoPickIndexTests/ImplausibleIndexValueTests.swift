import Foundation
import PhotoPickCore
import PhotoPickIndex
import TestSupport
import XCTest

/// A well-formed index whose values are impossible (written by a bug, another version, or
/// by hand): what it serves is input like any file, and never crashes the picker.
final class ImplausibleIndexValueTests: XCTestCase {
    func testImpossibleValuesInTheIndexBecomeUnknown() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/index.sqlite3"
        let photo = RawPath("/photos/IMG_1.jpg")
        let index = try MetadataIndex(path: path)
        index.store([DiscoveredFile(path: photo, root: RawPath("/photos"), mimeType: "image/jpeg", kind: .photo,
                                    sizeBytes: 10, modified: 1_700_000_000, device: 1, inode: 1,
                                    metadata: AssetMetadata(pixelWidth: 4, pixelHeight: 3, captureDate: CaptureDate(seconds: 1_600_000_000),
                                                            dateSource: .exif))])
        index.flush()
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE files SET capture = 1e308, capture_offset = 9223372036854775807, width = 9223372036854775807, "
                       "orientation = -5, latitude = 1e308, longitude = 0, rating = 99, duration = -1")
            db.commit()
            """
        let out = try ProcessRunner.run("/usr/bin/python3", ["-c", edit, path])
        XCTAssertEqual(out.status, 0, out.stderrText)

        let reopened = try MetadataIndex(path: path)
        reopened.prepare(folder: RawPath("/photos"))
        let info = try XCTUnwrap(reopened.lookup(photo, size: 10, modified: 1_700_000_000))
        XCTAssertEqual(info.metadata.captureDate?.seconds, 1e308, "the index serves what it holds")
        let library = PhotoLibrary(roots: [RawPath("/photos")])
        let asset = try XCTUnwrap(library.add([DiscoveredFile(path: photo, root: RawPath("/photos"), mimeType: info.mimeType,
                                                              kind: .photo, sizeBytes: 10, modified: 1_700_000_000,
                                                              device: 1, inode: 1, metadata: info.metadata)]).first)
        XCTAssertNil(asset.metadata.captureDate)
        XCTAssertNil(asset.metadata.pixelWidth)
        XCTAssertEqual(asset.metadata.orientation, 1)
        XCTAssertNil(asset.metadata.location)
        XCTAssertNil(asset.metadata.rating)
        let json = String(decoding: AssetFormatter().render([asset], as: .format(.json)) { _ in nil }, as: UTF8.self)
        XCTAssertTrue(json.contains(#""date_source": "modified""#), json)
        XCTAssertTrue(json.contains(#""date": "2023-11-"#), json)
    }
}
