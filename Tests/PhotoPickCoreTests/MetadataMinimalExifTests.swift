import PhotoPickCore
import TestSupportCore
import XCTest

final class MetadataMinimalExifTests: XCTestCase {
    private func checkSample(_ f: ExifFields?, _ label: String) {
        guard let f else { return XCTFail("\(label): nothing parsed") }
        XCTAssertEqual(f.make, "Canon", label)
        XCTAssertEqual(f.model, "Canon EOS R6", label)
        XCTAssertEqual(f.orientation, 6, label)
        XCTAssertEqual(f.dateTime, "2023:05:06 10:00:00", label)
        XCTAssertEqual(f.dateTimeOriginal, "2023:01:02 13:45:01", label)
        XCTAssertEqual(f.offsetTimeOriginal, "+02:00", label)
        XCTAssertEqual(f.rating, 3, label)
        XCTAssertEqual(f.latitude ?? 0, -(33 + 51 / 60.0 + 36 / 3600.0), accuracy: 1e-9, label)
        XCTAssertEqual(f.longitude ?? 0, -(151 + 12 / 60.0 + 30 / 3600.0), accuracy: 1e-9, label)
        XCTAssertEqual(f.altitude ?? 0, -12.5, accuracy: 1e-9, label)
    }

    func testBothByteOrders() {
        let b = TIFFBlockBuilder.sample
        let little = b.build(bigEndian: false), big = b.build(bigEndian: true)
        XCTAssertNotEqual(little, big)
        checkSample(MinimalExifParser.parse(little), "II")
        checkSample(MinimalExifParser.parse(big), "MM")
    }

    func testHeaderPrefixesAsLibheifAndJPEGWriteThem() {
        let tiff = TIFFBlockBuilder.sample.build(bigEndian: true)
        let exif: [UInt8] = Array("Exif".utf8) + [0, 0]
        checkSample(MinimalExifParser.parse(exif + tiff), "Exif\\0\\0")
        checkSample(MinimalExifParser.parse([0, 0, 0, 0] + tiff), "offset 0")
        checkSample(MinimalExifParser.parse([0, 0, 0, 6] + exif + tiff), "offset 6 + Exif\\0\\0")
        checkSample(MinimalExifParser.parse([0, 0, 0, 0] + exif + tiff), "offset 0 (wrong) + Exif\\0\\0")
    }

    func testMissingPartsGiveNil() throws {
        var b = TIFFBlockBuilder()
        b.ifd0 = [TIFFBlockBuilder.short(0x0112, 3)]
        let f = try XCTUnwrap(MinimalExifParser.parse(b.build(bigEndian: false)))
        XCTAssertEqual(f.orientation, 3)
        XCTAssertNil(f.make)
        XCTAssertNil(f.dateTimeOriginal)
        XCTAssertNil(f.latitude)
        XCTAssertNil(f.rating)
        // Orientation out of 1…8 is dropped; a GPS position needs both coordinates.
        b.ifd0 = [TIFFBlockBuilder.short(0x0112, 9)]
        b.gps = [TIFFBlockBuilder.ascii(1, "N"), TIFFBlockBuilder.rationals(2, [(10, 1), (0, 1), (0, 1)])]
        let g = try XCTUnwrap(MinimalExifParser.parse(b.build(bigEndian: true)))
        XCTAssertNil(g.orientation)
        XCTAssertNil(g.latitude)
        XCTAssertNil(g.longitude)
        // A zero denominator is not a number.
        b.gps += [TIFFBlockBuilder.ascii(3, "E"), TIFFBlockBuilder.rationals(4, [(10, 0), (0, 1), (0, 1)])]
        XCTAssertNil(try XCTUnwrap(MinimalExifParser.parse(b.build(bigEndian: true))).longitude)
    }

    func testNotEXIF() {
        XCTAssertNil(MinimalExifParser.parse([]))
        XCTAssertNil(MinimalExifParser.parse(Array("Exif".utf8)))
        XCTAssertNil(MinimalExifParser.parse(Array("just some text, not a TIFF header at all".utf8)))
        XCTAssertNil(MinimalExifParser.parse([0x49, 0x49, 0x2A, 0x00]))  // header without an IFD offset
    }

    func testEveryTruncationIsSafe() {
        let full = [0, 0, 0, 0] + TIFFBlockBuilder.sample.build(bigEndian: false)
        for n in 0..<full.count {
            if let f = MinimalExifParser.parse(Array(full.prefix(n))) {
                // Whatever is read from a prefix is a prefix-consistent subset of the full answer.
                if let make = f.make { XCTAssertTrue("Canon".hasPrefix(make), "\(n): \(make)") }
                if let o = f.orientation { XCTAssertEqual(o, 6) }
            }
        }
        checkSample(MinimalExifParser.parse(full), "untruncated")
    }

    func testHostileStructures() {
        let be = true
        let u16 = { TIFFBlockBuilder.u16($0, be) }, u32 = { TIFFBlockBuilder.u32($0, be) }
        let header = Array("MM".utf8) + u16(42) + u32(8)
        // 65535 entries claimed, 1 present.
        let many = header + u16(0xFFFF) + u16(0x0112) + u16(3) + u32(1) + u16(6) + u16(0)
        XCTAssertEqual(MinimalExifParser.parse(many)?.orientation, 6)
        // IFD offset far out of bounds.
        XCTAssertNotNil(MinimalExifParser.parse(Array("MM".utf8) + u16(42) + u32(0xFFFF_FFF0)))
        // A string claiming 4 GB, and one pointing past the end.
        let hugeString = header + u16(2) + u16(0x010F) + u16(2) + u32(0xFFFF_FFFF) + u32(8)
            + u16(0x0110) + u16(2) + u32(10) + u32(0xFFFF_FFFF) + u32(0)
        let h = MinimalExifParser.parse(hugeString)
        XCTAssertNil(h?.make)
        XCTAssertNil(h?.model)
        // Sub-IFD pointers looping back to IFD0 and to themselves: read once, no recursion.
        let loop = header + u16(2) + u16(0x8769) + u16(4) + u32(1) + u32(8)
            + u16(0x8825) + u16(4) + u32(1) + u32(8) + u32(8)
        XCTAssertNotNil(MinimalExifParser.parse(loop))
        // Unknown types and a rational count of 3 with room for 1.
        let odd = header + u16(2) + u16(0x0112) + u16(99) + u32(1) + u32(6)
            + u16(0x8825) + u16(4) + u32(1) + u32(38) + u32(0)
            + u16(1) + u16(2) + u16(5) + u32(3) + u32(56) + u32(0) + u32(1) + u32(1)
        XCTAssertNil(MinimalExifParser.parse(odd)?.orientation)
        XCTAssertNil(MinimalExifParser.parse(odd)?.latitude)
    }

    func testRandomBytesNeverCrash() {
        var rng = SeededGenerator(seed: 0x5EED)
        var parsed = 0
        for i in 0..<3000 {
            var bytes = (0..<Int.random(in: 0...600, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // Most inputs get a valid header so the IFD walker, not the header check, is exercised.
            if i % 4 != 0, bytes.count >= 8 {
                bytes.replaceSubrange(0..<4, with: i % 2 == 0 ? [0x49, 0x49, 0x2A, 0] : [0x4D, 0x4D, 0, 0x2A])
            }
            if MinimalExifParser.parse(bytes) != nil { parsed += 1 }
        }
        XCTAssertGreaterThan(parsed, 1000, "the loop must reach the IFD walker, or it proves little")
    }

    func testMutatedBlocksNeverCrash() {
        var rng = SeededGenerator(seed: 42)
        let original = TIFFBlockBuilder.sample.build(bigEndian: false)
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if let f = MinimalExifParser.parse(bytes) {
                if let o = f.orientation { XCTAssertTrue((1...8).contains(o)) }
                if let lat = f.latitude { XCTAssertTrue(abs(lat) <= 90) }
                if let lon = f.longitude { XCTAssertTrue(abs(lon) <= 180) }
            }
        }
    }
}
