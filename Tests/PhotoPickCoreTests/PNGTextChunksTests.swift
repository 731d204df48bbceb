import PhotoPickCore
import XCTest

final class PNGTextChunksTests: XCTestCase {
    private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let n = UInt32(data.count)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    private func png(_ chunks: [[UInt8]]) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunks.flatMap { $0 }
    }

    func testReadsTextChunksBeforeTheImageData() {
        let bytes = png([chunk("IHDR", Array(repeating: 0, count: 13)),
                         chunk("tEXt", Array("Thumb::URI".utf8) + [0] + Array("file:///a.jpg".utf8)),
                         chunk("tEXt", Array("Thumb::MTime".utf8) + [0] + Array("1700000000".utf8)),
                         chunk("IDAT", [1, 2, 3]),
                         chunk("tEXt", Array("After".utf8) + [0] + Array("ignored".utf8))])
        XCTAssertEqual(PNGTextChunks.parse(bytes), ["Thumb::URI": "file:///a.jpg", "Thumb::MTime": "1700000000"])
    }

    func testRejectsNonPNGAndSurvivesTruncationAndHugeLengths() {
        XCTAssertNil(PNGTextChunks.parse(Array("GIF89a".utf8)))
        let good = png([chunk("tEXt", Array("K".utf8) + [0] + Array("V".utf8))])
        for cut in 0..<good.count {
            _ = PNGTextChunks.parse(Array(good[..<cut]))  // must not crash
        }
        let huge = png([[0xFF, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8) + [1, 2, 3]])
        XCTAssertEqual(PNGTextChunks.parse(huge), [:])
    }

    func testValidityNeedsURIAndMTimeAndMatchingSize() {
        let source = ThumbnailSource(uri: "file:///a.jpg", mtime: 1700000000, size: 42)
        XCTAssertTrue(source.isDescribed(by: ["Thumb::URI": "file:///a.jpg", "Thumb::MTime": "1700000000"]))
        XCTAssertTrue(source.isDescribed(by: ["Thumb::URI": "file:///a.jpg", "Thumb::MTime": "1700000000", "Thumb::Size": "42"]))
        XCTAssertFalse(source.isDescribed(by: ["Thumb::URI": "file:///a.jpg", "Thumb::MTime": "1700000001"]))
        XCTAssertFalse(source.isDescribed(by: ["Thumb::URI": "file:///b.jpg", "Thumb::MTime": "1700000000"]))
        XCTAssertFalse(source.isDescribed(by: ["Thumb::URI": "file:///a.jpg", "Thumb::MTime": "1700000000", "Thumb::Size": "43"]))
        XCTAssertFalse(source.isDescribed(by: ["Thumb::URI": "file:///a.jpg"]))
    }
}
