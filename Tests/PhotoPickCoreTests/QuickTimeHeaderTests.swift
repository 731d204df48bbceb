@testable import PhotoPickCore
import XCTest

/// The video header parser on boxes built here byte by byte: what real writers put in
/// `mvhd` and `tkhd`, and what hostile files do with sizes.
final class QuickTimeHeaderTests: XCTestCase {
    private func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
    private func u64(_ v: UInt64) -> [UInt8] { u32(UInt32(v >> 32)) + u32(UInt32(v & 0xffff_ffff)) }
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { u32(UInt32(8 + body.count)) + Array(type.utf8) + body }

    /// 1 May 2024 12:00:00 UTC, in QuickTime's seconds since 1904.
    private let may2024: UInt64 = 1_714_564_800 + 2_082_844_800

    private func mvhd(version: UInt8 = 0, creation: UInt64, timescale: UInt32, duration: UInt64) -> [UInt8] {
        let times = version == 1
            ? u64(creation) + u64(creation) + u32(timescale) + u64(duration)
            : u32(UInt32(creation)) + u32(UInt32(creation)) + u32(timescale) + u32(UInt32(duration))
        return box("mvhd", [version, 0, 0, 0] + times + [UInt8](repeating: 0, count: 80))
    }

    private func tkhd(width: UInt32, height: UInt32, quarterTurn: Bool = false) -> [UInt8] {
        let one: UInt32 = 0x10000, minusOne = UInt32(bitPattern: -0x10000)
        let matrix = quarterTurn ? [0, minusOne, 0, one, 0, 0, 0, 0, 0x4000_0000] : [one, 0, 0, 0, one, 0, 0, 0, 0x4000_0000]
        let body: [UInt8] = [0, 0, 0, 3] + [UInt8](repeating: 0, count: 20) + [UInt8](repeating: 0, count: 16)
            + matrix.flatMap(u32) + u32(width << 16) + u32(height << 16)
        return box("tkhd", body)
    }

    private func trak(handler: String, _ tkhd: [UInt8]) -> [UInt8] {
        box("trak", tkhd + box("mdia", box("hdlr", [0, 0, 0, 0] + u32(0) + Array(handler.utf8) + [UInt8](repeating: 0, count: 12))))
    }

    private let ftyp: [UInt8] = [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 2, 0]

    func testDurationDateAndSizeFromAVersion0Header() throws {
        let file = ftyp + box("mdat", [UInt8](repeating: 7, count: 100))
            + box("moov", mvhd(creation: may2024, timescale: 600, duration: 1_230)
                  + trak(handler: "soun", tkhd(width: 0, height: 0)) + trak(handler: "vide", tkhd(width: 1920, height: 1080)))
        let header = try XCTUnwrap(QuickTimeHeader.parse(file))
        XCTAssertEqual(try XCTUnwrap(header.durationSeconds), 2.05, accuracy: 1e-9)
        XCTAssertEqual(header.creationSeconds, 1_714_564_800)
        XCTAssertEqual(header.width, 1920)
        XCTAssertEqual(header.height, 1080)
    }

    func testVersion1HeaderAndAQuarterTurnedPortraitClip() throws {
        let file = ftyp + box("moov", mvhd(version: 1, creation: may2024, timescale: 90_000, duration: 90_000 * 65)
                              + trak(handler: "vide", tkhd(width: 1920, height: 1080, quarterTurn: true)))
        let header = try XCTUnwrap(QuickTimeHeader.parse(file))
        XCTAssertEqual(header.durationSeconds, 65)
        XCTAssertEqual(header.width, 1080, "shown upright: the stored width becomes the height")
        XCTAssertEqual(header.height, 1920)
        XCTAssertEqual(header.quarterTurn, .counterclockwise, "b = −1, c = 1: the top edge goes to the left")
    }

    func testAnUnsetCreationTimeAndAnAudioOnlyFileLeaveThoseUnknown() throws {
        let file = ftyp + box("moov", mvhd(creation: 0, timescale: 1000, duration: 5_000) + trak(handler: "soun", tkhd(width: 0, height: 0)))
        let header = try XCTUnwrap(QuickTimeHeader.parse(file))
        XCTAssertEqual(header.durationSeconds, 5)
        XCTAssertNil(header.creationSeconds)
        XCTAssertNil(header.width)
    }

    func testAMovieBoxAfterALargeMediaBoxIsFoundWithoutReadingTheMedia() throws {
        // mdat with a 64-bit size claiming 4 GB: the walk jumps over it by reading 16 bytes.
        let mdatSize: UInt64 = 4 << 30
        let moov = box("moov", mvhd(creation: may2024, timescale: 1, duration: 3))
        let fileSize = UInt64(ftyp.count) + mdatSize + UInt64(moov.count)
        var reads: [(UInt64, Int)] = []
        let header = QuickTimeHeader.parse(fileSize: fileSize) { offset, count in
            reads.append((offset, count))
            if offset == 0 { return Array(self.ftyp.prefix(count)) }
            if offset == UInt64(self.ftyp.count) { return u32(1) + Array("mdat".utf8) + u64(mdatSize) }
            let start = Int(offset - UInt64(self.ftyp.count) - mdatSize)
            return Array(moov[start..<min(moov.count, start + count)])
        }
        XCTAssertEqual(header?.durationSeconds, 3)
        XCTAssertTrue(reads.allSatisfy { $0.1 <= moov.count }, "nothing of the media data is read: \(reads)")
    }

    func testHostileSizesEndTheWalkInsteadOfLoopingOrTrapping() {
        // A box smaller than its header, one larger than the file, a 64-bit size of 2^64−1,
        // a moov over the size limit, and a file that is only a truncated header.
        XCTAssertNil(QuickTimeHeader.parse(u32(4) + Array("moov".utf8)))
        XCTAssertNil(QuickTimeHeader.parse(u32(1000) + Array("moov".utf8) + [0, 0, 0, 0]))
        XCTAssertNil(QuickTimeHeader.parse(u32(1) + Array("free".utf8) + u64(UInt64.max)))
        XCTAssertNil(QuickTimeHeader.parse([0, 0, 0]))
        let huge = UInt64(QuickTimeHeader.maxMovieBytes) + 100
        XCTAssertNil(QuickTimeHeader.parse(fileSize: huge) { offset, count in
            offset == 0 ? Array((self.u32(UInt32(huge)) + Array("moov".utf8)).prefix(count)) : [UInt8](repeating: 0, count: count)
        })
        // A moov whose mvhd is truncated, and an absurd duration: no header, no duration.
        XCTAssertNil(QuickTimeHeader.parse(ftyp + box("moov", box("mvhd", [0, 0, 0, 0, 1, 2]))))
        let absurd = ftyp + box("moov", mvhd(version: 1, creation: may2024, timescale: 1, duration: UInt64.max - 1))
        XCTAssertNil(QuickTimeHeader.parse(absurd)?.durationSeconds)
        // Random bytes: whatever they say, the parser returns.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = QuickTimeHeader.parse(ftyp + box("moov", bytes))
            _ = QuickTimeHeader.parse(bytes)
        }
    }

    func testTheAssemblerTakesTheContainerDateAfterExifAndBeforeTheFileName() {
        var findings = MetadataFindings(video: QuickTimeHeader(durationSeconds: 12.5, creationSeconds: 1_714_564_800, width: 640, height: 480))
        let m = MetadataAssembler.assemble(findings, path: RawPath("/v/VID_20200101_000000.mp4"), mimeType: "video/mp4")
        XCTAssertEqual(m.captureDate, CaptureDate(seconds: 1_714_564_800))
        XCTAssertEqual(m.dateSource, .container)
        XCTAssertEqual(m.durationSeconds, 12.5)
        XCTAssertEqual(m.pixelWidth, 640)
        findings.containerCreation = nil
        let named = MetadataAssembler.assemble(findings, path: RawPath("/v/VID_20200101_000000.mp4"), mimeType: "video/mp4")
        XCTAssertEqual(named.dateSource, .fileName)
    }
}
