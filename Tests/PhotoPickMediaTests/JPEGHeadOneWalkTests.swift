import Foundation
import PhotoPickCore
import PhotoPickSystem
@testable import PhotoPickMedia
import TestSupport
import XCTest

/// The probe hands a JPEG's first bytes to the reader once: the reader walks its header
/// segments one time and either answers or asks for the rest of its head, which it asks for
/// only when the header runs past those bytes and the file goes on.
final class JPEGHeadOneWalkTests: XCTestCase {
    private let reader = Exiv2MetadataReader()
    private let jpeg = "image/jpeg"

    private func photo(_ dir: TemporaryDirectory, _ name: String, tags: [(String, String)]) throws -> (RawPath, [UInt8]) {
        let path = dir.path + "/" + name
        try ImageFactory.write(path, width: 600, height: 400, format: .jpeg)
        try ExifWriter.write(path, tags: tags)
        return (RawPath(path), try RawFiles.read(path))
    }

    func testAHeaderLongerThanTheFirstReadAsksForTheRestOnlyWhenTheFileGoesOn() throws {
        let dir = TemporaryDirectory()
        // An Exif segment of about 30 KB: the header ends past the probe's first read.
        let (path, bytes) = try photo(dir, "long.jpg", tags: [("Exif.Image.Orientation", "6"),
                                                               ("Exif.Photo.UserComment", String(repeating: "x", count: 30_000))])
        let fromFile = reader.metadata(for: path, mimeType: jpeg, modified: 7)
        let first = Array(bytes.prefix(MediaProbe.firstRead))
        XCTAssertFalse(reader.headSuffices(first, mimeType: jpeg))
        XCTAssertNil(reader.metadata(for: path, mimeType: jpeg, modified: 7, head: first, fileGoesOn: true), "read on")
        XCTAssertEqual(reader.metadata(for: path, mimeType: jpeg, modified: 7, head: first, fileGoesOn: false), fromFile,
                       "nothing more to read: the file answers")
        let whole = Array(bytes.prefix(JPEGHeadMetadata.headLength))
        XCTAssertEqual(reader.metadata(for: path, mimeType: jpeg, modified: 7, head: whole, fileGoesOn: true), fromFile)
        XCTAssertEqual(fromFile.orientation, 6)
    }

    func testAHeaderInTheFirstReadIsAnsweredAtOnce() throws {
        let dir = TemporaryDirectory()
        let (path, bytes) = try photo(dir, "short.jpg", tags: [("Exif.Image.Orientation", "8"), ("Exif.Image.Model", "X")])
        let first = Array(bytes.prefix(MediaProbe.firstRead))
        XCTAssertTrue(reader.headSuffices(first, mimeType: jpeg))
        let answer = try XCTUnwrap(reader.metadata(for: path, mimeType: jpeg, modified: 7, head: first, fileGoesOn: true))
        XCTAssertEqual(answer, reader.metadata(for: path, mimeType: jpeg, modified: 7))
        XCTAssertEqual(answer.orientation, 8)
    }

    /// XMP is exiv2's to read from the file, whatever the rest of the header holds: no more
    /// of the head is asked for first, though the header runs on past it.
    func testAHeaderTheFastPathDeclinesGoesToTheFileAtOnce() throws {
        let dir = TemporaryDirectory()
        let (path, bytes) = try photo(dir, "xmp.jpg", tags: [("Xmp.xmp.Rating", "4")])
        // 20 KB of an APPn segment the fast path takes, just before the scan starts.
        var sos = 0
        let end = bytes.withUnsafeBufferPointer { JPEGSegments.walk($0) { sos = $0.declaredEnd; return true } }
        XCTAssertEqual(end, .startOfScan)
        let pad = 20_000
        let padded = Array(bytes[..<sos]) + [0xFF, 0xEC, UInt8(pad >> 8), UInt8(pad & 0xFF)]
            + [UInt8](repeating: 0, count: pad - 2) + Array(bytes[sos...])
        try Data(padded).write(to: URL(fileURLWithPath: path.description))
        let first = Array(padded.prefix(MediaProbe.firstRead))
        XCTAssertFalse(reader.headSuffices(first, mimeType: jpeg), "the header runs past the first read")
        let answer = try XCTUnwrap(reader.metadata(for: path, mimeType: jpeg, modified: 7, head: first, fileGoesOn: true))
        XCTAssertEqual(answer, reader.metadata(for: path, mimeType: jpeg, modified: 7))
        XCTAssertEqual(answer.rating, 4)
    }
}
