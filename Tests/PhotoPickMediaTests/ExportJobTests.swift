import PhotoPickCore
@testable import PhotoPickConvert
import PhotoPickMedia
import PhotoPickSystem
import XCTest

/// The export worker's pipe protocol and the naming rules, without a worker.
final class ExportJobTests: XCTestCase {
    func testJobLineRoundTripsAnyBytes() {
        var s = ExportSettings()
        s.format = .webp; s.maxSize = 1024; s.quality = 70; s.stripLocation = true; s.maxBytes = 500_000
        let job = ExportJob(id: 7, source: RawPath(bytes: [0x2F, 0x0A, 0xFF, 0x20]), temporary: RawPath("/t/.x"), settings: s)
        var line = job.line
        XCTAssertEqual(line.removeLast(), 0x0A)
        XCTAssertFalse(line.contains(0x0A), "one line whatever the name")
        XCTAssertEqual(ExportJob(line: Substring(String(decoding: line, as: UTF8.self))), job)
        XCTAssertEqual(job.strip, .location)
        s.stripMetadata = true
        XCTAssertEqual(ExportJob(id: 1, source: RawPath("/a"), temporary: RawPath("/b"), settings: s).strip, .all)
    }

    func testBadJobLinesAreRefused() {
        for line in ["", "1 2f 2f jpeg 0 85 none", "x 2f 2f jpeg 0 85 none 0", "1 2f 2f gif 0 85 none 0",
                     "1 2f 2f jpeg 0 0 none 0", "1 zz 2f jpeg 0 85 none 0", "1 2f 2f jpeg -1 85 none 0"] {
            XCTAssertNil(ExportJob(line: Substring(line)), line)
        }
    }

    func testReplyLines() {
        let ok = ExportJobReply(id: 3, result: .success(ExportedFile(fileExtension: Array("jpg".utf8), bytes: 1234)))
        let err = ExportJobReply(id: 4, result: .failure(.failed(path: RawPath(bytes: [0x2F, 0x0A, 0xFF, 0x20]), step: .decode,
                                                                  reason: "bad\nthing")))
        for reply in [ok, err] {
            let text = String(decoding: reply.line.dropLast(), as: UTF8.self)
            XCTAssertEqual(ExportJobReply(line: Substring(text)), reply)
        }
        XCTAssertNil(ExportJobReply(line: "5 ok 6a7067"))
        XCTAssertNil(ExportJobReply(line: "6 err 6e6f"), "an error that is not a MediaError is nonsense")
    }

    func testNames() {
        XCTAssertEqual(ExportPublishing.stem(of: RawPath("/a/IMG_1.HEIC")), Array("IMG_1".utf8))
        XCTAssertEqual(ExportPublishing.stem(of: RawPath("/a/archive.tar.gz")), Array("archive.tar".utf8))
        XCTAssertEqual(ExportPublishing.stem(of: RawPath("/a/.hidden")), Array(".hidden".utf8))
        XCTAssertEqual(ExportPublishing.name(stem: Array("a".utf8), fileExtension: Array("jpg".utf8), attempt: 1), Array("a.jpg".utf8))
        XCTAssertEqual(ExportPublishing.name(stem: Array("a".utf8), fileExtension: Array("jpg".utf8), attempt: 12), Array("a (12).jpg".utf8))
        // A long name is shortened to 255 bytes without cutting a character in half.
        let long = Array(String(repeating: "é", count: 200).utf8)
        let name = ExportPublishing.name(stem: long, fileExtension: Array("jpg".utf8), attempt: 3)
        XCTAssertLessThanOrEqual(name.count, 255)
        XCTAssertNotNil(String(validating: name, as: UTF8.self))
        XCTAssertTrue(String(decoding: name, as: UTF8.self).hasSuffix("é (3).jpg"))
    }

    func testQualitySteps() {
        XCTAssertEqual(ImageExport.qualitySteps(from: 85, encoder: .jpeg), [85, 75, 65, 55, 45, 40])
        XCTAssertEqual(ImageExport.qualitySteps(from: 30, encoder: .webp), [30])
        XCTAssertEqual(ImageExport.qualitySteps(from: 85, encoder: .png), [85])
    }
}
