import Foundation
import PhotoPickCore
@testable import PhotoPickSystem
import PhotoPickMedia
import Synchronization
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The one probe the scanner and FolderDiff share: how much of a file it reads for whom,
/// and that the watcher's re-read takes the JPEG head path as the scan does.
final class MediaProbeTests: XCTestCase {
    private let sniffer = GIOContentTypeSniffer()

    /// A file `size` bytes long that starts with `kind`'s bytes (padded with its own noise).
    private func file(_ dir: TemporaryDirectory, _ name: String, from source: String, size: Int) throws -> String {
        var bytes = try RawFiles.read(source)
        while bytes.count < size { bytes += bytes.prefix(size - bytes.count) }
        let path = dir.path + "/" + name
        try Data(bytes.prefix(size)).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func probe(_ path: String, reader: HeadRecorder) -> MediaProbe.Outcome {
        let raw = RawPath(path)
        return MediaProbe(sniffer: sniffer, metadataReader: reader).probe(raw, name: Array(raw.lastComponentBytes), modified: 0)
    }

    func testOnlyJPEGsGetMoreThanTheSniffAndOnlyAsMuchAsTheirHeaderNeeds() throws {
        let dir = TemporaryDirectory()
        try ImageFactory.write(dir.path + "/small.jpg", width: 600, height: 400, format: .jpeg)
        try ImageFactory.write(dir.path + "/big.jpg", width: 600, height: 400, format: .jpeg)
        // An Exif segment of about 30 KB (a large thumbnail would do the same): the header ends past the first read.
        try ExifWriter.write(dir.path + "/big.jpg", tags: [("Exif.Photo.UserComment", String(repeating: "x", count: 30_000))])
        try ImageFactory.write(dir.path + "/src.png", width: 300, height: 300, format: .png)
        let jpegHead = Exiv2MetadataReader().headLength(forMimeType: "image/jpeg")
        let cases: [(name: String, source: String, head: Int, mime: String)] = [
            ("photo.jpg", "small.jpg", MediaProbe.firstRead, "image/jpeg"),  // one read; the header ends in it
            ("long-header.jpg", "big.jpg", jpegHead, "image/jpeg"),  // a second read, to the reader's whole head
            ("long-header-named.png", "big.jpg", jpegHead, "image/jpeg"),  // found by the sniff: the sniff's read, then the head
            ("picture.png", "src.png", sniffer.headLength, "image/png"),
            // The name decides the first read, before the content is known: a PNG called .jpg
            // gets a JPEG's first read (one read either way).
            ("picture-named.jpg", "src.png", MediaProbe.firstRead, "image/png"),
        ]
        for c in cases {
            let path = try file(dir, c.name, from: dir.path + "/" + c.source, size: 200_000)
            let reader = HeadRecorder()
            guard case .media(let mime, _, _) = probe(path, reader: reader) else { return XCTFail("\(c.name): not media") }
            XCTAssertEqual(mime, c.mime, c.name)
            XCTAssertEqual(reader.heads, [c.head], "\(c.name): the head handed to the reader")
            let expected = Array(try RawFiles.read(path).prefix(c.head))
            XCTAssertTrue(reader.bytes == [expected], "\(c.name): the file's own first bytes")
        }
        for (source, head) in [("small.jpg", MediaProbe.firstRead), ("big.jpg", jpegHead)] {
            let path = try file(dir, "again-" + source, from: dir.path + "/" + source, size: 200_000)
            let file = try XCTUnwrap(RegularFile(RawPath(path)))
            let reader = HeadRecorder()
            _ = MediaProbe(sniffer: sniffer, metadataReader: reader).metadata(of: file, path: RawPath(path), mimeType: "image/jpeg", modified: 0)
            XCTAssertEqual(reader.heads, [head], "metadata(of:) reads as probe does: \(source)")
        }
    }

    func testSmallFilesEmptyFilesAndTextAreProbedCalmly() throws {
        let dir = TemporaryDirectory()
        try ImageFactory.write(dir.path + "/small.jpg", width: 16, height: 16, format: .jpeg)
        let size = try RawFiles.read(dir.path + "/small.jpg").count
        let reader = HeadRecorder()
        guard case .media = probe(dir.path + "/small.jpg", reader: reader) else { return XCTFail("small JPEG") }
        XCTAssertEqual(reader.heads, [size], "a file shorter than the head is read whole, once")

        try Data("just text, named like a photo".utf8).write(to: URL(fileURLWithPath: dir.path + "/text.jpg"))
        guard case .notMedia = probe(dir.path + "/text.jpg", reader: reader) else { return XCTFail("text") }
        _ = FileManager.default.createFile(atPath: dir.path + "/empty.jpg", contents: Data())
        guard case .unreadable(code: 0) = probe(dir.path + "/empty.jpg", reader: reader) else { return XCTFail("empty") }
        guard case .unreadable(code: ENOENT) = probe(dir.path + "/gone.jpg", reader: reader) else { return XCTFail("vanished") }
        XCTAssertEqual(reader.heads.count, 1, "only the photo reached the reader")
    }

    /// The watcher's re-read (FolderDiff) and the scan give a new JPEG the same metadata,
    /// both from its head.
    func testFolderDiffReadsANewJPEGFromItsHeadAsTheScanDoes() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let path = root + "/IMG_0001.jpg"
        try ImageFactory.write(path, width: 64, height: 48, format: .jpeg)
        try ExifWriter.write(path, tags: [("Exif.Image.Orientation", "6"), ("Exif.Photo.DateTimeOriginal", "2022:03:04 05:06:07")])
        let recorder = HeadRecorder(real: Exiv2MetadataReader())
        let diff = FolderDiff(roots: [RawPath(root)], sniffer: sniffer, metadataReader: recorder)
        let changes = diff.changes(in: [RawPath(root)], snapshot: [:])
        let found = try XCTUnwrap(changes.inserted.first)
        XCTAssertEqual(recorder.heads.count, 1)
        XCTAssertGreaterThan(recorder.heads[0], sniffer.headLength, "the JPEG's head, not only the sniff's 512 bytes")
        XCTAssertEqual(found.metadata.orientation, 6)

        let scanned = FileSystemScanner(roots: [RawPath(root)], sniffer: sniffer, metadataReader: Exiv2MetadataReader()).scanAll().files
        XCTAssertEqual(scanned.map(\.metadata), [found.metadata])
    }
}

/// A metadata reader that records the heads it was handed, answering as `real` would.
private final class HeadRecorder: MetadataReader {
    private let real: Exiv2MetadataReader
    private let seen = Mutex<[[UInt8]]>([])
    var heads: [Int] { seen.withLock { $0.map(\.count) } }
    var bytes: [[UInt8]] { seen.withLock { $0 } }

    init(real: Exiv2MetadataReader = Exiv2MetadataReader()) { self.real = real }

    func headLength(forMimeType mimeType: String) -> Int { real.headLength(forMimeType: mimeType) }

    func headSuffices(_ head: [UInt8], mimeType: String) -> Bool { real.headSuffices(head, mimeType: mimeType) }

    func metadata(for path: RawPath, mimeType: String, modified: Double) -> AssetMetadata {
        real.metadata(for: path, mimeType: mimeType, modified: modified)
    }

    func metadata(for path: RawPath, mimeType: String, modified: Double, head: [UInt8]) -> AssetMetadata {
        seen.withLock { $0.append(head) }
        return real.metadata(for: path, mimeType: mimeType, modified: modified, head: head)
    }
}
