import Foundation
import PhotoPickCore
@testable import PhotoPickMedia
import TestSupport
import XCTest

/// The Swift IFD reader against gexiv2, differentially: wherever the reader answers, its
/// answer must be exactly what gexiv2 says of the same Exif block, and of the same file;
/// where it cannot be sure it must decline (nil), never guess. Structures are written byte
/// by byte (`TIFFBuilder`), so they hold what camera libraries would not write.
final class ExifIFDReaderTests: XCTestCase {
    /// What gexiv2 reads from the Exif block, as the scan asked it before this reader.
    private func gexiv2(_ tiff: [UInt8]) -> MetadataFindings? {
        tiff.withUnsafeBufferPointer { Exiv2File.open(tiff: $0)?.exifFindings() }
    }

    private func fast(_ tiff: [UInt8]) -> MetadataFindings? {
        tiff.withUnsafeBufferPointer(ExifIFDReader.findings)
    }

    /// Checks one structure; true when the reader answered (and agreed).
    @discardableResult
    private func check(_ tiff: [UInt8], _ what: @autoclosure () -> String,
                       file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let answer = fast(tiff) else { return false }
        XCTAssertEqual(answer, gexiv2(tiff), "\(what()): the reader's answer differs from gexiv2's", file: file, line: line)
        return true
    }

    private var plainJPEG: [UInt8] {
        get throws {
            let dir = TemporaryDirectory()
            let path = dir.path + "/plain.jpg"
            try ImageFactory.write(path, width: 48, height: 32, format: .jpeg)
            return try RawFiles.read(path)
        }
    }

    // MARK: Generated structures

    func testEveryOrientationInBothByteOrdersAgrees() {
        var answered = 0
        for little in [true, false] {
            for orientation: UInt16 in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 255, 256, 65535] {
                var b = TIFFBuilder(littleEndian: little)
                b.ifd0 = [b.ascii(0x010F, "Canon"), b.ascii(0x0110, "EOS R6"), b.short(0x0112, [orientation])]
                b.exif = [b.ascii(0x9003, "2024:05:01 14:03:00")]
                if check(b.build(), "orientation \(orientation), \(little ? "II" : "MM")") { answered += 1 }
            }
        }
        XCTAssertEqual(answered, 26, "every plain structure is the reader's to answer")
        var b = TIFFBuilder(littleEndian: false)
        b.ifd0 = [b.short(0x0112, [6])]
        XCTAssertEqual(fast(b.build())?.orientation, 6)
    }

    func testDatesOffsetsSubsecondsAndMissingTagsAgree() {
        let dates = ["2024:05:01 14:03:00", "0000:00:00 00:00:00", "9999:12:31 23:59:59", "   ", "", "2023:02:29 10:00:00",
                     "2024-06-01T12:00:00", "\u{00E9}t\u{00E9} 2020", " 2021:01:01 00:00:00 \n"]
        let offsets: [String?] = [nil, "+02:00", "-09:30", "+14:00", "Z", "", "junk", "  +05:45  "]
        var answered = 0
        for (i, date) in dates.enumerated() {
            for (k, offset) in offsets.enumerated() {
                var b = TIFFBuilder(littleEndian: (i + k) % 2 == 0)
                if k % 3 != 0 { b.ifd0 = [b.ascii(0x010F, k % 2 == 0 ? "  NIKON CORPORATION  " : "")] }
                var exif = [b.ascii(0x9003, date), b.ascii(0x9291, "042")]  // SubSecTimeOriginal: not ours, read past
                if let offset { exif.append(b.ascii(0x9011, offset)) }
                b.exif = exif.sorted { $0.tag < $1.tag }
                if check(b.build(), "date '\(date)' offset '\(offset ?? "none")'") { answered += 1 }
            }
        }
        XCTAssertEqual(answered, dates.count * offsets.count)

        // No Exif IFD, an empty one, an empty IFD0.
        var b = TIFFBuilder(littleEndian: true)
        XCTAssertTrue(check(b.build(), "empty IFD0"))
        b.exif = []
        XCTAssertTrue(check(b.build(), "empty Exif IFD"))
        XCTAssertNil(fast(b.build())?.exifDateTimeOriginal)
    }

    func testOddStringsAgree() {
        let texts: [[UInt8]] = [
            Array("Canon".utf8), [], [0x20, 0x09, 0x0A], [0xFF, 0xFE, 0x41], Array("A\u{0}B".utf8), [0xC3, 0xA9, 0x20],
            Array(repeating: 0x41, count: 3000), [0x41, 0x42, 0x43],
            // Unicode white space at either end, and things that only look like it: trimmed
            // exactly as Foundation trims them for gexiv2's answer.
            Array("\u{00A0}Nikon\u{3000}".utf8), Array("\u{2028}\u{0085}Leica\u{202F}".utf8), Array("\u{200B}Sony\u{FEFF}".utf8),
            Array("Fuji\u{0020}\u{0301}".utf8), Array("\u{000B}\u{000C}\r".utf8),
        ]
        var answered = 0
        for (i, text) in texts.enumerated() {
            for nul in [true, false] {
                var b = TIFFBuilder(littleEndian: i % 2 == 0)
                b.ifd0 = [b.ascii(0x010F, text, nul: nul), b.ascii(0x0110, text.reversed(), nul: nul)]
                if text.isEmpty && !nul { continue }  // a count of 0: the reader must decline, checked below
                if check(b.build(), "text \(text.prefix(8)) nul \(nul)") { answered += 1 }
            }
        }
        XCTAssertEqual(answered, texts.count * 2 - 1)
        var b = TIFFBuilder(littleEndian: true)
        b.ifd0 = [b.ascii(0x010F, [], nul: false)]
        XCTAssertNil(fast(b.build()), "a tag without values: gexiv2 answers from the next entry, so the reader declines")
    }

    /// The tags that mark a screenshot: Software in IFD0, UserComment in the Exif IFD. An
    /// ASCII or undefined UserComment is the reader's to answer, as exiv2 prints it
    /// ("charset=Ascii …"); Unicode, JIS, an unknown set, a short one or another type it declines.
    func testSoftwareAndUserCommentsAgree() {
        let ascii = Array("ASCII".utf8) + [0, 0, 0], unset = [UInt8](repeating: 0, count: 8)
        let answered: [[UInt8]] = [
            ascii + Array("Screenshot".utf8), ascii, ascii + Array("  Screenshot \u{0}junk".utf8), unset + Array("Screenshot".utf8),
            unset, unset + Array("   ".utf8), unset + [0xFF, 0xFE, 0x41], ascii + [0] + Array("after a NUL".utf8),
            ascii + Array(repeating: 0x20, count: 40),
        ]
        let declined: [[UInt8]] = [
            Array("UNICODE".utf8) + [0] + [0x53, 0, 0x63, 0], Array("JIS".utf8) + [0, 0, 0, 0, 0] + Array("x".utf8),
            Array("ABCDEFGH".utf8) + Array("Screenshot".utf8), Array("ASCII".utf8),
        ]
        let software = ["gnome-screenshot", "  Spectacle 24.02 ", "Ver.1.00", "   "]
        for (i, comment) in (answered + declined).enumerated() {
            var b = TIFFBuilder(littleEndian: i % 2 == 0)
            b.ifd0 = [b.ascii(0x010F, "Canon"), b.ascii(0x0131, software[i % software.count])]
            b.exif = [b.ascii(0x9003, "2024:05:01 14:03:00"), b.undefined(0x9286, comment)]
            let taken = check(b.build(), "comment \(comment.prefix(16))")
            XCTAssertEqual(taken, i < answered.count, "comment \(comment.prefix(16)): answered only when plain")
        }
        var b = TIFFBuilder(littleEndian: true)
        b.exif = [b.ascii(0x9286, "Screenshot")]
        XCTAssertNil(fast(b.build()), "a UserComment of type ASCII: exiv2 decides")
        b.exif = [b.undefined(0x9286, ascii + Array("Screenshot".utf8))]
        b.ifd0 = [b.ascii(0x0131, "gnome-screenshot")]
        XCTAssertEqual(fast(b.build())?.userComments, ["charset=Ascii Screenshot"])
        XCTAssertEqual(fast(b.build())?.software, ["gnome-screenshot"])
    }

    /// Every scalar that is or was white space in some table, at both ends of a name:
    /// trimmed exactly when Foundation trims it for gexiv2's answer.
    func testWhiteSpaceIsTrimmedExactlyAsFoundationTrimsIt() {
        let candidates = Array(0x01...0x20) + [0x7F] + Array(0x80...0xA0) + [0x1680, 0x180E] + Array(0x2000...0x200F)
            + Array(0x2028...0x202F) + Array(0x205F...0x2064) + [0x3000, 0xFEFF, 0xFFFD]
        var trimmed = 0
        for value in candidates {
            let scalar = String(Character(Unicode.Scalar(UInt32(value))!))
            var b = TIFFBuilder(littleEndian: value % 2 == 0)
            b.ifd0 = [b.ascii(0x010F, scalar + "Make" + scalar), b.ascii(0x0110, scalar + scalar)]
            let tiff = b.build()
            XCTAssertTrue(check(tiff, "U+\(String(value, radix: 16))"))
            if fast(tiff)?.cameraMake == "Make" { trimmed += 1 }
        }
        XCTAssertEqual(trimmed, 5 + 1 + 1 + 1 + 1 + 12 + 2 + 1 + 1 + 1, "tab…CR, space, U+0085, U+00A0, U+1680, U+2000…U+200B, U+2028, U+2029, U+202F, U+205F, U+3000")
    }

    func testRatingsAgree() {
        var answered = 0
        for rating: UInt16 in [0, 1, 3, 5, 6, 99, 65535] {
            var b = TIFFBuilder(littleEndian: rating % 2 == 0)
            b.ifd0 = [b.short(0x4746, [rating])]
            if check(b.build(), "rating \(rating)") { answered += 1 }
        }
        XCTAssertEqual(answered, 7)
        var b = TIFFBuilder(littleEndian: true)
        b.ifd0 = [b.short(0x4746, [1, 2])]
        check(b.build(), "two ratings")
    }

    func testGPSAgrees() {
        let refs: [(String, String)] = [("N", "E"), ("S", "W"), ("n", "w"), ("", "E"), ("N", ""), ("South", "West"), ("X", "Y")]
        let coordinates: [[(UInt32, UInt32)]] = [
            [(48, 1), (51, 1), (3024, 100)], [(0, 1), (0, 1), (0, 1)], [(90, 1), (0, 1), (0, 1)], [(90, 1), (0, 1), (1, 100)],
            [(180, 1), (0, 1), (0, 1)], [(5, 0), (1, 1), (1, 1)], [(0, 0), (30, 1), (0, 0)], [(1, 3), (1, 7), (1, 11)],
            [(0x7FFF_FFFF, 1), (0, 1), (0, 1)], [(0x8000_0000, 1), (0, 1), (0, 1)], [(12, 1), (0xFFFF_FFFF, 0xFFFF_FFFF), (0, 1)],
            [(1_000_000, 3), (59, 1), (59_999, 1000)],
        ]
        let altitudes: [(ref: TIFFBuilder.Entry?, value: (UInt32, UInt32)?)] = {
            let b = TIFFBuilder(littleEndian: true)
            return [(nil, nil), (b.byte(5, [0]), (35, 1)), (b.byte(5, [1]), (125, 10)), (b.byte(5, [10]), (1, 1)),
                    (b.byte(5, [2]), (0, 0)), (b.byte(5, [1]), (7, 0)), (b.ascii(5, "1"), (8848, 1)), (b.ascii(5, ""), (1, 1)),
                    (b.byte(5, [0]), nil)]
        }()
        var answered = 0, located = 0, total = 0
        for little in [true, false] {
            for (i, (latRef, lonRef)) in refs.enumerated() {
                for (j, coordinate) in coordinates.enumerated() {
                    var b = TIFFBuilder(littleEndian: little)
                    let altitude = altitudes[(i + j) % altitudes.count]
                    var gps = [b.ascii(1, latRef), b.rational(2, coordinate), b.ascii(3, lonRef),
                               b.rational(4, coordinates[(j + 1) % coordinates.count])]
                    if var ref = altitude.ref {
                        if ref.type == 2 { ref = b.ascii(5, String(decoding: ref.data.dropLast(), as: UTF8.self)) }
                        gps.append(ref)
                    }
                    if let value = altitude.value { gps.append(b.rational(6, [value])) }
                    b.gps = gps
                    total += 1
                    if check(b.build(), "GPS \(latRef) \(coordinate) \(lonRef), altitude \(altitude)") {
                        answered += 1
                        if fast(b.build())?.location != nil { located += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(located, 30, "the places inside ±90° and ±180° are found")
        XCTAssertGreaterThan(answered, total * 3 / 4, "only rationals past Int32 are left to exiv2")

        // Signed rationals: a −1 minute or second is left out, as gexiv2 does.
        var b = TIFFBuilder(littleEndian: true)
        b.gps = [b.ascii(1, "N"), b.rational(2, [(10, 1), (UInt32(bitPattern: -1), 1), (UInt32(bitPattern: -1), 1)], signed: true),
                 b.ascii(3, "E"), b.rational(4, [(UInt32(bitPattern: -20), 1), (30, 1), (0, 1)], signed: true)]
        XCTAssertTrue(check(b.build(), "signed"))
        XCTAssertEqual(fast(b.build())?.location?.latitude, 10)

        // Wrong counts and types.
        b.gps = [b.ascii(1, "N"), b.rational(2, [(10, 1), (20, 1)]), b.ascii(3, "E"), b.rational(4, [(1, 1), (2, 1), (3, 1), (4, 1)])]
        XCTAssertTrue(check(b.build(), "two and four rationals"))
        XCTAssertNil(fast(b.build())?.location)
        b.gps = [b.ascii(1, "N"), b.short(2, [10, 20, 30]), b.ascii(3, "E"), b.rational(4, [(1, 1), (2, 1), (3, 1)])]
        check(b.build(), "shorts for a latitude")
        b.gps = [b.byte(1, [78]), b.rational(2, [(10, 1), (20, 1), (30, 1)]), b.ascii(3, "E"), b.rational(4, [(1, 1), (2, 1), (3, 1)])]
        check(b.build(), "a byte for a reference")
    }

    func testMakerNotesDuplicatesAndPointerTricksAgreeOrDecline() {
        var cases: [(String, [UInt8])] = []
        for make in ["Canon", "Minolta Co., Ltd.", "KONICA MINOLTA", "NIKON"] {
            var b = TIFFBuilder(littleEndian: make.count % 2 == 0)
            b.ifd0 = [b.ascii(0x010F, make), b.short(0x0112, [6])]
            b.exif = [b.ascii(0x9003, "2020:01:01 00:00:00"),
                      TIFFBuilder.Entry(tag: 0x927C, type: 7, count: 32, data: [UInt8](repeating: 0x11, count: 32))]
            cases.append(("maker note by \(make)", b.build()))
        }
        var b = TIFFBuilder(littleEndian: true)
        b.ifd0 = [b.short(0x0112, [6]), b.short(0x0112, [3])]
        cases.append(("orientation twice", b.build()))
        b.ifd0 = [b.short(0x0112, [8]), b.long(0x8769, [8])]
        cases.append(("Exif IFD pointing at IFD0", b.build()))
        b.ifd0 = [b.short(0x0112, [8]), b.long(0x8769, [0x7FFF_0000])]
        cases.append(("Exif IFD out of bounds", b.build()))
        b.ifd0 = [b.short(0x0112, [8]), b.short(0x8769, [8])]
        cases.append(("Exif IFD pointer as SHORT", b.build()))
        b.ifd0 = [b.short(0x0112, [8]), b.long(0x014A, [8])]
        cases.append(("SubIFDs", b.build()))
        b.ifd0 = [b.short(0x0112, [8]), b.ascii(0x02BC, "<x:xmpmeta/>")]
        cases.append(("XMP in IFD0", b.build()))
        b.ifd0 = [b.short(0x0112, [8])]
        b.exif = [b.ascii(0x9003, "2020:01:01 00:00:00"), b.long(0xA005, [0])]
        b.gps = [b.ascii(1, "N"), b.rational(2, [(1, 1), (2, 1), (3, 1)]), b.ascii(3, "E"), b.rational(4, [(1, 1), (2, 1), (3, 1)])]
        var interop = b.build()
        cases.append(("an interoperability IFD before", interop))
        // Point the interoperability IFD at the GPS IFD: exiv2 reads it there first, and skips GPS.
        let gpsStart = 8 + 2 + 12 * 3 + 4 + 2 + 12 * 2 + 4
        if let at = find(b.u16(0xA005) + b.u16(4), in: interop) {
            interop.replaceSubrange((at + 8)..<(at + 12), with: b.u32(UInt32(gpsStart)))
            cases.append(("an interoperability IFD at the GPS IFD", interop))
        }
        for (what, tiff) in cases { check(tiff, what) }
        XCTAssertNil(fast(cases[1].1), "a Minolta maker note is left to exiv2")
        XCTAssertNotNil(fast(cases[0].1), "a Canon maker note is read past")
        XCTAssertNil(fast(cases.last!.1), "an IFD another pointer reaches is left to exiv2")
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    // MARK: Damage

    /// Every byte of several structures set to 0, 0xFF and flipped, one at a time, and the
    /// structures cut at every length: the reader never crashes and never disagrees.
    func testDamagedAndTruncatedStructuresAgreeOrDecline() {
        var samples: [[UInt8]] = []
        for little in [true, false] {
            var b = TIFFBuilder(littleEndian: little)
            b.ifd0 = [b.ascii(0x010F, "Canon"), b.ascii(0x0110, "EOS 5D Mark IV"), b.short(0x0112, [6]), b.short(0x4746, [4])]
            b.exif = [b.ascii(0x9003, "2021:05:06 07:08:09"), b.ascii(0x9011, "+02:00")]
            b.gps = [b.ascii(1, "N"), b.rational(2, [(51, 1), (30, 1), (2600, 100)]), b.ascii(3, "W"),
                     b.rational(4, [(0, 1), (7, 1), (3900, 100)]), b.byte(5, [0]), b.rational(6, [(11, 1)])]
            samples.append(b.build())
        }
        var answered = 0, tried = 0
        for sample in samples {
            for i in 0..<sample.count {
                for value: UInt8 in [0x00, 0xFF, sample[i] ^ 0x5A, sample[i] &+ 1] {
                    var damaged = sample
                    damaged[i] = value
                    tried += 1
                    if check(damaged, "byte \(i) set to \(value)") { answered += 1 }
                }
            }
            for cut in 0..<sample.count where check(Array(sample.prefix(cut)), "cut at \(cut)") { answered += 1 }
        }
        XCTAssertGreaterThan(answered, tried / 2, "damage inside values still leaves most answers to the reader")
    }

    // MARK: Whole files

    /// Files with these structures, read the way the scan reads them (head, fast path) and
    /// the way exiv2 opens a file: the same findings.
    func testWholeFilesGiveTheSameFindingsAsExiv2OpeningThem() throws {
        let plain = try plainJPEG
        let dir = TemporaryDirectory()
        var fastTaken = 0
        for (i, orientation) in (0...9).enumerated() {
            var b = TIFFBuilder(littleEndian: i % 2 == 0)
            b.ifd0 = [b.ascii(0x010F, "Maker \(i)"), b.ascii(0x0110, " Model "), b.short(0x0112, [UInt16(orientation)])]
            b.exif = [b.ascii(0x9003, "2019:0\(1 + i % 9):1\(i) 10:20:30"), b.ascii(0x9011, i % 3 == 0 ? "-03:00" : "+01:00")]
            b.gps = [b.ascii(1, i % 2 == 0 ? "N" : "S"), b.rational(2, [(UInt32(i * 9), 1), (30, 1), (0, 1)]),
                     b.ascii(3, "E"), b.rational(4, [(UInt32(i * 17), 1), (0, 1), (1234, 100)]), b.byte(5, [UInt8(i % 2)]),
                     b.rational(6, [(UInt32(i * 100), 7)])]
            let bytes = TIFFBuilder.jpeg(plain, tiff: b.build())
            let path = dir.path + "/f\(i).jpg"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let head = Array(bytes.prefix(JPEGHeadMetadata.headLength))
            let fromHead = try XCTUnwrap(head.withUnsafeBufferPointer(JPEGHeadMetadata.findings))
            XCTAssertEqual(fromHead, Exiv2File.open(RawPath(path))?.findings(), "file \(i)")
            XCTAssertEqual([fromHead.pixelWidth, fromHead.pixelHeight], [48, 32])
            if fast(b.build()) != nil { fastTaken += 1 }
        }
        XCTAssertEqual(fastTaken, 10)
    }

    /// Structures exiv2 itself writes (with an interoperability IFD, many other tags and
    /// GPS): the reader answers them, and exactly as gexiv2 does.
    func testStructuresExiv2WritesAreAnsweredExactly() throws {
        let dir = TemporaryDirectory()
        var answered = 0
        for i in 0..<12 {
            let path = dir.path + "/w\(i).jpg"
            try ImageFactory.write(path, width: 64 + i, height: 48, format: .jpeg)
            try ExifWriter.write(path, tags: [
                ("Exif.Image.Make", i % 2 == 0 ? "Canon" : " FUJIFILM "), ("Exif.Image.Model", "Model \(i)"),
                ("Exif.Image.Orientation", "\(i % 10)"), ("Exif.Image.Rating", "\(i % 6)"),
                ("Exif.Image.Software", "photopick tests"), ("Exif.Image.DateTime", "2020:01:01 00:00:00"),
                ("Exif.Photo.DateTimeOriginal", "2019:12:\(10 + i) 08:00:00"), ("Exif.Photo.SubSecTimeOriginal", "\(i * 7)"),
                ("Exif.Photo.OffsetTimeOriginal", i % 3 == 0 ? "+09:00" : "-04:00"), ("Exif.Photo.ExposureTime", "1/250"),
                ("Exif.Photo.FNumber", "28/10"), ("Exif.Photo.UserComment", "charset=Ascii hello"),
                ("Exif.Iop.InteroperabilityIndex", "R98"),
            ], gps: (Double(i) * 7.5 - 45, Double(i) * 29 - 170, Double(i) * 100 - 300))
            guard let tiff = exifPayload(try RawFiles.read(path)) else { return XCTFail("w\(i): no Exif written") }
            if check(tiff, "w\(i)") { answered += 1 }
        }
        XCTAssertEqual(answered, 12)
    }

    /// The same exiv2-written structures (thumbnail IFD, interoperability IFD) with one to
    /// four random bytes changed: where exiv2 trips over a part this reader never reads,
    /// the reader must not answer either.
    func testRandomlyDamagedExiv2StructuresAgreeOrDecline() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/w.jpg"
        try ImageFactory.write(path, width: 64, height: 48, format: .jpeg)
        try ExifWriter.write(path, tags: [
            ("Exif.Image.Make", "Canon"), ("Exif.Image.Model", "EOS"), ("Exif.Image.Orientation", "8"),
            ("Exif.Photo.DateTimeOriginal", "2019:12:10 08:00:00"), ("Exif.Photo.OffsetTimeOriginal", "+09:00"),
            ("Exif.Iop.InteroperabilityIndex", "R98"), ("Exif.Thumbnail.Compression", "6"),
            ("Exif.Thumbnail.XResolution", "72/1"),
        ], gps: (48.8584, 2.2945, 35))
        let source = try XCTUnwrap(exifPayload(try RawFiles.read(path)))
        var random = SeededGenerator(seed: 15)  // the same mutants on every run
        var answered = 0
        for n in 0..<3_000 {
            var damaged = source
            for _ in 0...(random.next() % 4) {
                damaged[Int(random.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            if check(damaged, "mutant \(n)") { answered += 1 }
        }
        XCTAssertGreaterThan(answered, 1_000, "damage outside the reader's tags and IFDs leaves the answer to it")
    }

    func testCorporaAgreeOrDecline() throws {
        var read = 0, answered = 0
        for sub in ["orientation", "decode-fail", "decode-modified", "formats"] {
            let dir = try corpus(sub)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() {
                let bytes = try RawFiles.read("\(dir)/\(name)")
                read += 1
                guard let tiff = exifPayload(bytes) else { continue }
                if check(tiff, "\(sub)/\(name)") { answered += 1 }
            }
        }
        XCTAssertGreaterThan(read, 80)
        XCTAssertGreaterThan(answered, 10, "the orientation photos at least")
        print("ExifIFDReaderTests: \(answered) of \(read) corpus files answered by the reader")
    }

    private func exifPayload(_ bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
            var payload: [UInt8]?
            JPEGSegments.walk(buffer) { segment in
                guard let range = JPEGExifOrientation.exifPayload(segment, in: buffer) else { return segment.declaredEnd <= buffer.count }
                payload = Array(buffer[range])
                return false
            }
            return payload
        }
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

