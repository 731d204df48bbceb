import PhotoPickCore
import TestSupport
import XCTest

/// A Samsung Motion Photo's SEF trailer, read from bytes built as Samsung writes them
/// (`PairSamples.samsungTrailer`): the video's exact range, also behind a QDIO block, and
/// nil for every trailer that lies about where its records are.
final class SamsungTrailerTests: XCTestCase {
    private let still = [0xFF, 0xD8] + [UInt8](repeating: 0x11, count: 1_000) + [0xFF, 0xD9]
    private let movie = Array("\u{0}\u{0}\u{0}\u{18}ftypisom\u{0}\u{0}\u{2}\u{0}isommp41".utf8) + [UInt8](repeating: 0x5A, count: 200)

    private func found(_ file: [UInt8]) -> ByteRange? {
        SamsungTrailer.motionVideo(fileSize: UInt64(file.count)) { offset, count in
            guard offset <= UInt64(file.count) else { return nil }
            return Array(file[Int(offset)..<min(file.count, Int(offset) + count)])
        }
    }

    func testTheVideoRecordIsFound() {
        let trailer = PairSamples.samsungTrailer(movie)
        XCTAssertEqual(found(still + trailer.bytes), ByteRange(offset: Int64(still.count + trailer.videoAt), length: Int64(movie.count)))
        // Newer phones end with a QDIO block and "QDIOBS" after the SEF blocks.
        let qdio = [UInt8](repeating: 0, count: 20) + [20, 0, 0, 0] + Array("QDIO".utf8) + Array("BS".utf8)
        XCTAssertEqual(found(still + trailer.bytes + qdio), ByteRange(offset: Int64(still.count + trailer.videoAt), length: Int64(movie.count)))
    }

    func testLyingTrailersGiveNothing() {
        let good = PairSamples.samsungTrailer(movie)
        let cases: [(String, [UInt8])] = [
            ("no trailer", still),
            ("points before the file", still + PairSamples.samsungTrailer(movie, back: 0xFFFF_FF00).bytes),
            ("record larger than its distance", still + PairSamples.samsungTrailer(movie, size: 0xFFFF_FFF0).bytes),
            ("record smaller than its name", still + PairSamples.samsungTrailer(movie, size: 12).bytes),
            ("no MP4 in it", still + PairSamples.samsungTrailer([UInt8](repeating: 7, count: movie.count)).bytes),
            ("directory length past the start", Array(good.bytes.suffix(40))),
            ("cut", still + good.bytes.dropFirst(30)),
        ]
        for (what, file) in cases { XCTAssertNil(found(file), what) }
    }

    func testRandomDamageNeverCrashes() {
        var random = SeededGenerator(seed: 0x0A30)
        let file = still + PairSamples.samsungTrailer(movie).bytes
        for _ in 0..<2_000 {
            var bytes = file
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: (bytes.count - 120)..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if let range = found(bytes) { XCTAssertLessThanOrEqual(range.end ?? .max, Int64(bytes.count)) }
        }
    }
}
