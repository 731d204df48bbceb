@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// An embedded video is believed only where an MP4 header is: the XMP's range checked with
/// one small read, a HEIF's `mpvd` box found among its top-level boxes.
final class EmbeddedVideoTests: XCTestCase {
    typealias Q = QuickTimeBuilder

    private final class Reads { var count = 0 }

    private func reader(_ bytes: [UInt8], reads: Reads = Reads()) -> QuickTimeHeader.Reader {
        { offset, count in
            reads.count += 1
            guard offset <= UInt64(bytes.count) else { return nil }
            return Array(bytes[Int(offset)..<min(bytes.count, Int(offset) + count)])
        }
    }

    private let movie = Q.ftyp + Q.box("moov", Q.mvhd) + Q.mdat(100)

    func testAnMP4WhereTheRangeSaysIsKept() {
        let file = [UInt8](repeating: 0xD8, count: 500) + movie
        let range = ByteRange(offset: 500, length: Int64(movie.count))
        let reads = Reads()
        XCTAssertEqual(EmbeddedVideo.verified(range, read: reader(file, reads: reads)), range)
        XCTAssertEqual(reads.count, 1, "one read")
    }

    func testAnythingElseWhereTheRangeSaysIsRefused() {
        let file = [UInt8](repeating: 0xD8, count: 500) + movie
        for (what, range) in [("one byte off", ByteRange(offset: 501, length: Int64(movie.count) - 1)),
                              ("before the movie", ByteRange(offset: 400, length: 100)),
                              ("past the end", ByteRange(offset: Int64(file.count), length: 8)),
                              ("ftyp larger than the range", ByteRange(offset: 500, length: 12)),
                              ("too short", ByteRange(offset: 500, length: 4)),
                              ("from the start", ByteRange(offset: 0, length: 8)),
                              ("overflowing", ByteRange(offset: 500, length: .max))] {
            XCTAssertNil(EmbeddedVideo.verified(range, read: reader(file)), what)
        }
    }

    func testTheMotionBoxOfAHEIFIsFound() {
        let heif = Q.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)) + Q.box("meta", [0, 0, 0, 0] + [UInt8](repeating: 1, count: 40))
            + Q.box("mdat", [UInt8](repeating: 2, count: 300))
        let file = heif + Q.box("mpvd", movie)
        XCTAssertEqual(EmbeddedVideo.heifMotionBox(fileSize: UInt64(file.count), read: reader(file)),
                       ByteRange(offset: Int64(heif.count + 8), length: Int64(movie.count)))
        XCTAssertNil(EmbeddedVideo.heifMotionBox(fileSize: UInt64(heif.count), read: reader(heif)), "no box")
        let garbage = heif + Q.box("mpvd", [UInt8](repeating: 7, count: movie.count))
        XCTAssertNil(EmbeddedVideo.heifMotionBox(fileSize: UInt64(garbage.count), read: reader(garbage)), "no MP4 in it")
        let lying = heif + Q.u32(UInt32(movie.count + 1_000)) + Array("mpvd".utf8) + movie
        XCTAssertNil(EmbeddedVideo.heifMotionBox(fileSize: UInt64(lying.count), read: reader(lying)), "a box past the end")
        let broken = Q.u32(3) + Array("ftyp".utf8) + file
        XCTAssertNil(EmbeddedVideo.heifMotionBox(fileSize: UInt64(broken.count), read: reader(broken)), "a box smaller than its header")
    }

    func testManyTinyBoxesEndTheWalk() {
        let file = (0..<10_000).flatMap { _ in Q.box("free", []) } + Q.box("mpvd", movie)
        let reads = Reads()
        XCTAssertNil(EmbeddedVideo.heifMotionBox(fileSize: UInt64(file.count), read: reader(file, reads: reads)))
        XCTAssertLessThanOrEqual(reads.count, EmbeddedVideo.maxTopLevelBoxes)
    }
}
