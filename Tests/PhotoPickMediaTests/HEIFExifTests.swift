import PhotoPickCore
@testable import PhotoPickMedia
import TestSupport
import XCTest

/// A HEIF's Exif block, as libheif hands it out, read by exiv2 as an APP1 segment
/// (`HEIFExif`; these were the tests of the hand-written TIFF reader it replaces).
final class HEIFExifTests: XCTestCase {
    private func checkSample(_ f: MetadataFindings?, _ label: String) {
        guard let f else { return XCTFail("\(label): nothing parsed") }
        XCTAssertEqual(f.cameraMake, "Canon", label)
        XCTAssertEqual(f.cameraModel, "Canon EOS R6", label)
        XCTAssertEqual(f.orientation, 6, label)
        XCTAssertEqual(f.exifDateTimeOriginal, "2023:01:02 13:45:01", label)
        XCTAssertEqual(f.exifOffsetTimeOriginal, "+02:00", label)
        XCTAssertEqual(f.exifRating, 3, label)
        XCTAssertEqual(f.location?.latitude ?? 0, -(33 + 51 / 60.0 + 36 / 3600.0), accuracy: 1e-9, label)
        XCTAssertEqual(f.location?.longitude ?? 0, -(151 + 12 / 60.0 + 30 / 3600.0), accuracy: 1e-9, label)
        XCTAssertEqual(f.location?.altitude ?? 0, -12.5, accuracy: 1e-9, label)
    }

    func testBothByteOrders() {
        let b = TIFFBlockBuilder.sample
        let little = b.build(bigEndian: false), big = b.build(bigEndian: true)
        XCTAssertNotEqual(little, big)
        checkSample(HEIFExif.findings(little), "II")
        checkSample(HEIFExif.findings(big), "MM")
    }

    func testHeaderPrefixesAsLibheifAndJPEGWriteThem() {
        let tiff = TIFFBlockBuilder.sample.build(bigEndian: true)
        let exif: [UInt8] = Array("Exif".utf8) + [0, 0]
        checkSample(HEIFExif.findings(exif + tiff), "Exif\\0\\0")
        checkSample(HEIFExif.findings([0, 0, 0, 0] + tiff), "offset 0")
        checkSample(HEIFExif.findings([0, 0, 0, 6] + exif + tiff), "offset 6 + Exif\\0\\0")
        checkSample(HEIFExif.findings([0, 0, 0, 0] + exif + tiff), "offset 0 (wrong) + Exif\\0\\0")
    }

    func testFindingsFromAnEXIFBlockAssemble() throws {
        let findings = try XCTUnwrap(HEIFExif.findings(TIFFBlockBuilder.sample.build(bigEndian: true)))
        let m = MetadataAssembler.assemble(findings, path: RawPath("/photos/plain.heic"), mimeType: "image/heic")
        XCTAssertEqual(m.dateSource, .exif)
        XCTAssertEqual(m.captureDate?.utcOffset, 7200)
        XCTAssertEqual(m.rating, 3)
        XCTAssertEqual(m.camera, "Canon EOS R6")
        XCTAssertEqual(m.location?.latitude ?? 0, -33.86, accuracy: 1e-9)
    }

    func testMissingPartsGiveNil() throws {
        var b = TIFFBlockBuilder()
        b.ifd0 = [TIFFBlockBuilder.short(0x0112, 3)]
        let f = try XCTUnwrap(HEIFExif.findings(b.build(bigEndian: false)))
        XCTAssertEqual(f.orientation, 3)
        XCTAssertNil(f.cameraMake)
        XCTAssertNil(f.exifDateTimeOriginal)
        XCTAssertNil(f.location)
        XCTAssertNil(f.exifRating)
        // Orientation out of 1…8 is not believed; a GPS position needs both coordinates.
        b.ifd0 = [TIFFBlockBuilder.short(0x0112, 9)]
        b.gps = [TIFFBlockBuilder.ascii(1, "N"), TIFFBlockBuilder.rationals(2, [(10, 1), (0, 1), (0, 1)])]
        let g = try XCTUnwrap(HEIFExif.findings(b.build(bigEndian: true)))
        XCTAssertEqual(MetadataAssembler.assemble(g, path: RawPath("/p/x.heic"), mimeType: "image/heic").orientation, 1)
        XCTAssertNil(g.location)
        // A zero denominator is not a number.
        b.gps += [TIFFBlockBuilder.ascii(3, "E"), TIFFBlockBuilder.rationals(4, [(10, 0), (0, 1), (0, 1)])]
        XCTAssertNil(HEIFExif.findings(b.build(bigEndian: true))?.location)
    }

    func testNotEXIF() {
        XCTAssertNil(HEIFExif.findings([]))
        XCTAssertNil(HEIFExif.findings(Array("Exif".utf8)))
        XCTAssertNil(HEIFExif.findings(Array("just some text, not a TIFF header at all".utf8)))
        XCTAssertNil(HEIFExif.findings([0x49, 0x49, 0x2A, 0x00]))  // header without an IFD offset
    }

    func testEveryTruncationIsSafe() {
        let full = [0, 0, 0, 0] + TIFFBlockBuilder.sample.build(bigEndian: false)
        for n in 0..<full.count {
            if let f = HEIFExif.findings(Array(full.prefix(n))) {
                // An inline value is read from a prefix as it is in the whole block. (exiv2 keeps
                // an entry whose data lies past the end, with its offset bytes as the value, so
                // a truncated Make may read as junk: that is exiv2's call, as for any JPEG.)
                if let o = f.orientation, o != 0 { XCTAssertEqual(o, 6, "\(n)") }
            }
        }
        checkSample(HEIFExif.findings(full), "untruncated")
    }

    /// Hostile structures give nothing or plausible values, never a crash or a long loop.
    func testHostileStructures() {
        let be = true
        let u16 = { TIFFBlockBuilder.u16($0, be) }, u32 = { TIFFBlockBuilder.u32($0, be) }
        let header = Array("MM".utf8) + u16(42) + u32(8)
        let many = header + u16(0xFFFF) + u16(0x0112) + u16(3) + u32(1) + u16(6) + u16(0)  // 65535 entries claimed, 1 present
        let farIFD = Array("MM".utf8) + u16(42) + u32(0xFFFF_FFF0)
        let hugeString = header + u16(2) + u16(0x010F) + u16(2) + u32(0xFFFF_FFFF) + u32(8)
            + u16(0x0110) + u16(2) + u32(10) + u32(0xFFFF_FFFF) + u32(0)
        let loop = header + u16(2) + u16(0x8769) + u16(4) + u32(1) + u32(8)
            + u16(0x8825) + u16(4) + u32(1) + u32(8) + u32(8)
        let odd = header + u16(2) + u16(0x0112) + u16(99) + u32(1) + u32(6)
            + u16(0x8825) + u16(4) + u32(1) + u32(38) + u32(0)
            + u16(1) + u16(2) + u16(5) + u32(3) + u32(56) + u32(0) + u32(1) + u32(1)
        for (label, block) in [("many", many), ("far", farIFD), ("huge", hugeString), ("loop", loop), ("odd", odd)] {
            let f = HEIFExif.findings(block)
            XCTAssertNil(f?.cameraMake, label)
            XCTAssertNil(f?.cameraModel, label)
            XCTAssertNil(f?.location, label)
        }
    }

    func testRandomBytesNeverCrash() {
        var rng = SeededGenerator(seed: 0x5EED)
        var parsed = 0
        for i in 0..<3000 {
            var bytes = (0..<Int.random(in: 0...600, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // Most inputs get a valid header and IFD0 offset (8), so exiv2's IFD reader, not the
            // header check, is exercised.
            if i % 4 != 0, bytes.count >= 10 {
                bytes.replaceSubrange(0..<8, with: i % 2 == 0 ? [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0] : [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8])
            }
            if let f = HEIFExif.findings(bytes) {
                parsed += 1
                if let location = f.location { XCTAssertTrue(abs(location.latitude) <= 90 && abs(location.longitude) <= 180) }
            }
        }
        XCTAssertGreaterThan(parsed, 100, "the loop must reach exiv2's IFD reader, or it proves little")
    }

    func testMutatedBlocksNeverCrash() {
        var rng = SeededGenerator(seed: 42)
        let original = TIFFBlockBuilder.sample.build(bigEndian: false)
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if let f = HEIFExif.findings(bytes) {
                let m = MetadataAssembler.assemble(f, path: RawPath("/p/x.heic"), mimeType: "image/heic")
                XCTAssertTrue((1...8).contains(m.orientation))
                if let location = f.location { XCTAssertTrue(abs(location.latitude) <= 90 && abs(location.longitude) <= 180) }
            }
        }
    }
}
