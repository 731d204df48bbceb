import Foundation
import PhotoPickCore
import PhotoPickSystem
@testable import PhotoPickMedia
import TestSupport
import XCTest

/// The JPEG fast path (the Exif segment from the head the scan read) must give exactly what
/// exiv2 gives when it opens the file, and decline whatever it cannot reproduce.
final class JPEGHeadMetadataTests: XCTestCase {
    private let reader = Exiv2MetadataReader()

    private func head(_ path: String, _ length: Int = JPEGHeadMetadata.headLength) throws -> [UInt8] {
        Array(try RawFiles.read(path).prefix(length))
    }

    private func fast(_ head: [UInt8]) -> MetadataFindings? {
        head.withUnsafeBufferPointer(JPEGHeadMetadata.findings)
    }

    /// Exiv2 opening the file, as before the fast path.
    private func full(_ path: String) -> MetadataFindings {
        Exiv2File.open(RawPath(path))?.findings() ?? MetadataFindings()
    }

    /// The reader's answer from the head equals its answer from the file.
    private func assertSameAnswer(_ path: String, mime: String = "image/jpeg", _ message: String,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let raw = RawPath(path)
        XCTAssertEqual(reader.metadata(for: raw, mimeType: mime, modified: 12_345, head: try head(path)),
                       reader.metadata(for: raw, mimeType: mime, modified: 12_345), message, file: file, line: line)
    }

    private func jpeg(_ dir: TemporaryDirectory, _ name: String, _ w: Int = 96, _ h: Int = 64, tags: [(String, String)] = [],
                      gps: (latitude: Double, longitude: Double, altitude: Double)? = nil) throws -> String {
        let path = dir.path + "/" + name
        try ImageFactory.write(path, width: w, height: h, format: .jpeg)
        if !tags.isEmpty || gps != nil { try ExifWriter.write(path, tags: tags, gps: gps) }
        return path
    }

    func testEveryOrientationOffsetAndPlaceTakesTheFastPathWithTheSameFindings() throws {
        let dir = TemporaryDirectory()
        let offsets = ["+02:00", "-09:30", "+14:00", "Z", "junk", "  +05:45  "]
        let places: [(latitude: Double, longitude: Double, altitude: Double)?] = [
            nil, (48.8584, 2.2945, 35), (-33.8568, 151.2153, -12.5), (0, -179.999, 0), (89.9999, 0.0001, 8_848),
        ]
        var checked = 0
        for orientation in 0...9 {
            for (k, offset) in offsets.enumerated() {
                let place = places[(orientation + k) % places.count]
                let name = "o\(orientation)-\(k).jpg"
                let path = try jpeg(dir, name, 40 + orientation, 30 + k, tags: [
                    ("Exif.Image.Orientation", "\(orientation)"),
                    ("Exif.Photo.DateTimeOriginal", "2023:0\(1 + k % 9):1\(orientation) 13:45:0\(k)"),
                    ("Exif.Photo.OffsetTimeOriginal", offset),
                    ("Exif.Image.Make", k % 2 == 0 ? "Canon" : "  NIKON CORPORATION  "),
                    ("Exif.Image.Model", "Model \(orientation)"),
                    ("Exif.Image.Rating", "\(orientation - 2)"),
                ], gps: place)
                let expected = full(path)
                XCTAssertEqual(expected.orientation, (1...8).contains(orientation) ? orientation : 0, "\(name): gexiv2 gives 1…8 as written, else unspecified")
                XCTAssertEqual(fast(try head(path)), expected, "\(name): fast path taken, same findings")
                try assertSameAnswer(path, name)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 60)
    }

    func testOddDatesAndEmptyValuesAgree() throws {
        let dir = TemporaryDirectory()
        let dates = ["0000:00:00 00:00:00", "2023:13:45 99:99:99", "    ", "2023:02:29 10:00:00", "9999:12:31 23:59:59",
                     "1900:01:01 00:00:00", "2024-06-01T12:00:00", "2024:06:01", "\u{00E9}t\u{00E9} 2020"]
        for (i, date) in dates.enumerated() {
            let path = try jpeg(dir, "IMG_20190102_030405-\(i).jpg", tags: [
                ("Exif.Photo.DateTimeOriginal", date), ("Exif.Image.Make", " "), ("Exif.Image.Rating", "-7"),
            ])
            XCTAssertEqual(fast(try head(path)), full(path), "date '\(date)'")
            try assertSameAnswer(path, "date '\(date)'")
        }
    }

    func testAJPEGWithoutExifNeedsNoExiv2() throws {
        let dir = TemporaryDirectory()
        let path = try jpeg(dir, "plain.jpg", 123, 45)
        let findings = try XCTUnwrap(fast(try head(path)), "no Exif: settled by the frame header alone")
        XCTAssertEqual(findings, full(path))
        XCTAssertEqual([findings.pixelWidth, findings.pixelHeight], [123, 45])
        try assertSameAnswer(path, "plain")
    }

    func testXMPAndHeadsCutShortFallBackToTheFile() throws {
        let dir = TemporaryDirectory()
        let xmp = try jpeg(dir, "xmp.jpg", tags: [("Exif.Image.Orientation", "6"), ("Xmp.xmp.Rating", "4")])
        XCTAssertNil(fast(try head(xmp)), "XMP is read by exiv2 from the file")
        try assertSameAnswer(xmp, "xmp")
        XCTAssertEqual(reader.metadata(for: RawPath(xmp), mimeType: "image/jpeg", modified: 0, head: try head(xmp)).rating, 4)

        let exif = try jpeg(dir, "exif.jpg", tags: [("Exif.Image.Orientation", "8"), ("Exif.Image.Model", "X")])
        let bytes = try head(exif)
        XCTAssertNotNil(fast(bytes))
        for cut in [0, 1, 2, 3, 4, 10, 20, bytes.count / 2] {
            XCTAssertNil(fast(Array(bytes.prefix(cut))), "a head cut at \(cut) bytes, before the scan starts")
            let m = reader.metadata(for: RawPath(exif), mimeType: "image/jpeg", modified: 0, head: Array(bytes.prefix(cut)))
            XCTAssertEqual(m.orientation, 8, "cut at \(cut): read from the file instead")
        }
    }

    /// Every byte of a generated header changed in turn: whatever the fast path makes of it,
    /// the reader's answer is the one exiv2 gives for the same file.
    func testDamagedHeadersGiveTheFilesOwnAnswer() throws {
        let dir = TemporaryDirectory()
        let source = try jpeg(dir, "source.jpg", tags: [
            ("Exif.Image.Orientation", "3"), ("Exif.Photo.DateTimeOriginal", "2021:05:06 07:08:09"),
        ], gps: (51.5, -0.12, 11))
        let bytes = try RawFiles.read(source)
        let end = try XCTUnwrap(headerEnd(bytes))
        var fastTaken = 0
        for (n, i) in stride(from: 2, to: end, by: max(1, end / 150)).enumerated() {
            for value: UInt8 in [0x00, 0xFF, bytes[i] ^ 0x5A] {
                var damaged = bytes
                damaged[i] = value
                let path = dir.path + "/d\(n)-\(value).jpg"
                try Data(damaged).write(to: URL(fileURLWithPath: path))
                if fast(try head(path)) != nil { fastTaken += 1 }
                try assertSameAnswer(path, "byte \(i) set to \(value)")
            }
        }
        XCTAssertGreaterThan(fastTaken, 0, "some damage (inside tag values) still takes the fast path")
    }

    func testCorporaGiveTheSameAnswerFromTheHead() throws {
        var read = 0, taken = 0
        for sub in ["orientation", "decode-fail", "decode-modified", "formats"] {
            let dir = try corpus(sub)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() {
                let path = "\(dir)/\(name)"
                if fast(try head(path)) != nil { taken += 1 }
                try assertSameAnswer(path, "\(sub)/\(name)")
                read += 1
            }
        }
        XCTAssertGreaterThan(read, 80)
        print("JPEGHeadMetadataTests: \(taken) of \(read) corpus files settled from the head")
    }

    /// Where the scan data starts (just past the SOS marker), from the test's side.
    private func headerEnd(_ bytes: [UInt8]) -> Int? {
        (2..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
    }

    private func corpus(_ sub: String) throws -> String {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["PHOTOPICK_CORPUS"], !env.isEmpty { candidates.append(env + "/" + sub) }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.deletingLastPathComponent().appendingPathComponent("shared/corpus/" + sub).path)
        guard let dir = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw XCTSkip("corpus folder \(sub) not found (looked in \(candidates.joined(separator: ", "))); set PHOTOPICK_CORPUS")
        }
        return dir
    }
}
