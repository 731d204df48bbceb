import Foundation
@testable import PhotoPickCore
@testable import PhotoPickSystem
import TestSupport
import XCTest

/// Seeded property tests of the parsers of untrusted input, the same ones `make fuzz` runs
/// under libFuzzer: the portal request and JSON parsers, the date and file-name parsers,
/// the thumbnail PNG text reader, the JPEG frame-header reader and globs. Each runs a few
/// thousand generated and mutated inputs; every run is the same (fixed seeds).
final class ReliabilityPropertyTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    // MARK: Mutation

    /// Flips, inserts, deletes, duplicates and truncates, biased to the bytes that matter.
    private func mutate(_ input: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var out = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = out.isEmpty ? 0 : Int.random(in: 0..<out.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where !out.isEmpty: out[at] = UInt8.random(in: 0...255, using: &random)
            case 1: out.insert(contentsOf: random.trickyBytes(maxLength: 6), at: at)
            case 2 where !out.isEmpty: out.remove(at: at)
            case 3 where !out.isEmpty:
                let end = min(out.count, at + Int.random(in: 1...16, using: &random))
                out.insert(contentsOf: out[at..<end], at: at)
            case 4: out = Array(out.prefix(at))
            default:
                let tokens = ["{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\udc80", "null", "1e999", "-", "0"]
                out.insert(contentsOf: Array(tokens.randomElement(using: &random)!.utf8), at: at)
            }
        }
        return out
    }

    // MARK: Requests and JSON

    private let requestSeeds = [
        #"{"version": 1, "title": "T", "multiple": false, "max": 3, "min": 1, "filters": [{"name": "Images", "patterns": ["*.jpg"], "mime_types": ["image/*"]}], "current_filter": "Images", "current_folder": "file:///home/me", "preselect": ["/home/me/a.jpg", "/home/\udcff.jpg"], "choices": [{"id": "c", "label": "L", "options": [{"id": "a", "label": "A"}], "default": "a"}]}"#,
        #"{"current_filter": {"name": "x", "patterns": ["*"]}, "accept_label": "_Go", "unknown": [1, {"deep": null}]}"#,
        "{}",
    ].map { Array($0.utf8) }

    func testTheRequestParserOnlyEverThrowsInvalidRequests() throws {
        var random = SeededGenerator(seed: 0x5EED_0001)
        for i in 0..<4000 {
            let input = i % 10 == 0 ? random.trickyBytes(maxLength: 64) : mutate(requestSeeds.randomElement(using: &random)!, &random)
            do {
                let parsed = try RequestParser.parse(input)
                for path in (parsed.request.preselect ?? []) + (parsed.request.folders ?? []) {
                    XCTAssertEqual(path.bytes.first, UInt8(ascii: "/"))
                    XCTAssertFalse(path.bytes.contains(0), "a NUL would cut the path short in every system call")
                }
            } catch is PickerOptions.Invalid {
                // The one expected failure.
            } catch {
                XCTFail("input \(input): unexpected error \(error)")
            }
        }
    }

    func testGeneratedRequestsRoundTripTheirPaths() throws {
        var random = SeededGenerator(seed: 0x5EED_0002)
        for _ in 0..<500 {
            let paths = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                [UInt8(ascii: "/")] + random.trickyBytes(maxLength: 24).filter { $0 != 0 && $0 != UInt8(ascii: "/") }
            }
            let title = String(decoding: random.trickyBytes(maxLength: 20), as: UTF8.self)
            let document = JSONValue.object([("version", .int(1)), ("title", .string(title)),
                                              ("preselect", .array(paths.map { .bytes($0) }))])
            let parsed = try RequestParser.parse(document.serialized())
            XCTAssertEqual(parsed.request.title, title)
            XCTAssertEqual(parsed.request.preselect, paths.map { PathArgument.normalized($0) })
            XCTAssertEqual(parsed.warnings, [])
        }
    }

    private func randomJSON(_ random: inout SeededGenerator, depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int64.random(in: Int64.min...Int64.max, using: &random))
        case 3: return .double(Double.random(in: -1e6...1e6, using: &random))
        case 4:
            let bytes = random.trickyBytes(maxLength: 16)
            return String(validating: bytes, as: UTF8.self).map(JSONValue.string) ?? .bytes(bytes)
        case 5: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomJSON(&random, depth: depth + 1) })
        default:
            var keys = Set<String>()
            var members: [(String, JSONValue)] = []
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let key = String(decoding: random.trickyBytes(maxLength: 8), as: UTF8.self)
                guard keys.insert(key).inserted else { continue }
                members.append((key, randomJSON(&random, depth: depth + 1)))
            }
            return .object(members)
        }
    }

    func testJSONRoundTripsAndNeverCrashesOnMutations() throws {
        var random = SeededGenerator(seed: 0x5EED_0003)
        for _ in 0..<1500 {
            let value = randomJSON(&random, depth: 0)
            XCTAssertEqual(try JSONParser.parse(value.serialized()), value)
            XCTAssertEqual(try JSONParser.parse(value.pretty()), value)
            let mutated = mutate(value.serialized(), &random)
            if let parsed = try? JSONParser.parse(mutated) {
                XCTAssertEqual(try JSONParser.parse(parsed.serialized()), parsed, "a fixed point")
            }
        }
    }

    // MARK: Dates and names

    private func randomCivil(_ random: inout SeededGenerator) -> CivilDateTime {
        let year = Int.random(in: 1990...2100, using: &random), month = Int.random(in: 1...12, using: &random)
        return CivilDateTime(year: year, month: month,
                             day: Int.random(in: 1...CivilDateTime.daysIn(month: month, year: year), using: &random),
                             hour: Int.random(in: 0...23, using: &random), minute: Int.random(in: 0...59, using: &random),
                             second: Int.random(in: 0...59, using: &random))
    }

    func testFileNameDatesRoundTripThroughEveryNamingScheme() {
        var random = SeededGenerator(seed: 0x5EED_0004)
        for _ in 0..<2000 {
            let c = randomCivil(&random)
            let d = String(format: "%04d%02d%02d", c.year, c.month, c.day)
            let t = String(format: "%02d%02d%02d", c.hour, c.minute, c.second)
            let dashed = String(format: "%04d-%02d-%02d", c.year, c.month, c.day)
            let hour12 = c.hour % 12 == 0 ? 12 : c.hour % 12
            let names = [
                "IMG_\(d)_\(t).jpg", "PXL_\(d)_\(t)\(String(format: "%03d", Int.random(in: 0...999, using: &random))).jpg",
                "\(d)\(t).jpg", "Screenshot_\(d)-\(t).png",
                "Screenshot from \(dashed) \(String(format: "%02d-%02d-%02d", c.hour, c.minute, c.second)).png",
                "Screen Shot \(dashed) at \(hour12).\(String(format: "%02d.%02d", c.minute, c.second)) \(c.hour < 12 ? "AM" : "PM").png",
                "signal-\(dashed)-\(t).jpg", "Screenshot \(dashed) \(t).png",
            ]
            for name in names {
                let parsed = FileNameDate.civil(name)
                XCTAssertEqual(parsed, c, name)
            }
            let dateOnly = FileNameDate.civil("IMG-\(d)-WA0001.jpg")
            XCTAssertEqual(dateOnly, CivilDateTime(year: c.year, month: c.month, day: c.day))
        }
    }

    func testDateParsersNeverCrashAndOnlyReturnValidDates() {
        var random = SeededGenerator(seed: 0x5EED_0005)
        let seeds = ["IMG_20230102_134501.jpg", "Screen Shot 2024-05-01 at 2.03.22 PM.png", "2024:05:01 14:03:22",
                     "2024-05-01T14:03:22.123+02:00", "+02:00", "Screenshot from 2024-02-29 23-59-60.png"].map { Array($0.utf8) }
        for i in 0..<6000 {
            let bytes = i % 4 == 0 ? random.trickyBytes(maxLength: 40) : mutate(seeds.randomElement(using: &random)!, &random)
            let text = String(decoding: bytes, as: UTF8.self)
            if let civil = FileNameDate.civil(text) {
                XCTAssertTrue(civil.isValid && FileNameDate.years.contains(civil.year), text)
            }
            if let date = ExifDate.parse(text, offset: text) { XCTAssertTrue(date.seconds.isFinite, text) }
            if let date = ExifDate.parseXMP(text) { XCTAssertTrue(date.seconds.isFinite, text) }
            if let offset = ExifDate.utcOffset(text) { XCTAssertLessThanOrEqual(abs(offset), 14 * 3600 + 59 * 60, text) }
        }
    }

    func testExifDatesRoundTrip() {
        var random = SeededGenerator(seed: 0x5EED_0006)
        for _ in 0..<2000 {
            let c = randomCivil(&random)
            let text = String(format: "%04d:%02d:%02d %02d:%02d:%02d", c.year, c.month, c.day, c.hour, c.minute, c.second)
            let minutes = Int.random(in: -(14 * 60)...(14 * 60), using: &random) / 15 * 15
            let offset = String(format: "%@%02d:%02d", minutes < 0 ? "-" : "+", abs(minutes) / 60, abs(minutes) % 60)
            let date = ExifDate.parse(text, offset: offset)
            XCTAssertEqual(date?.seconds, c.seconds(utcOffset: minutes * 60), "\(text) \(offset)")
            XCTAssertEqual(date?.utcOffset, minutes * 60)
        }
    }

    // MARK: Thumbnail PNG text and JPEG headers

    private func png(texts: [(String, String)], trailing: [UInt8] = []) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return HostileImages.bigEndian32(data.count) + body + HostileImages.bigEndian32(Int(CRC32.checksum(body)))
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", HostileImages.bigEndian32(1) + HostileImages.bigEndian32(1) + [8, 2, 0, 0, 0])
        for (key, value) in texts {
            out += chunk("tEXt", key.unicodeScalars.map { UInt8($0.value) } + [0] + value.unicodeScalars.map { UInt8($0.value) })
        }
        out += chunk("IDAT", trailing) + chunk("IEND", [])
        return out
    }

    private func latin1(_ random: inout SeededGenerator, _ length: ClosedRange<Int>) -> String {
        String(String.UnicodeScalarView((0..<Int.random(in: length, using: &random)).map { _ in
            Unicode.Scalar(UInt8.random(in: 1...255, using: &random))
        }))
    }

    func testPNGTextChunksRoundTripAndSurviveDamage() {
        var random = SeededGenerator(seed: 0x5EED_0007)
        for _ in 0..<1500 {
            var texts: [(String, String)] = []
            var keys = Set<String>()
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let key = latin1(&random, 1...20)
                guard keys.insert(key).inserted else { continue }
                texts.append((key, latin1(&random, 0...60)))
            }
            let file = png(texts: texts, trailing: random.trickyBytes(maxLength: 30))
            XCTAssertEqual(PNGTextChunks.parse(file), Dictionary(uniqueKeysWithValues: texts))
            XCTAssertEqual(Array(file.suffix(12)), PNGTextChunks.iendChunk)
            _ = PNGTextChunks.parse(Array(file.prefix(Int.random(in: 0...file.count, using: &random))))
            _ = PNGTextChunks.parse(mutate(file, &random))
        }
    }

    func testJPEGFrameHeaders() throws {
        let dir = TemporaryDirectory()
        var random = SeededGenerator(seed: 0x5EED_0008)
        for (w, h) in [(1, 1), (17, 9), (640, 480), (33, 1000)] {
            try ImageFactory.write(dir.path + "/x.jpg", width: w, height: h, format: .jpeg)
            let jpeg = try RawFiles.read(dir.path + "/x.jpg")
            XCTAssertEqual(JPEGFrameHeader.size(jpeg).map { [$0.width, $0.height] }, [w, h])
            let huge = try HostileImages.jpegClaiming(width: 65_000, height: 60_001, from: jpeg)
            XCTAssertEqual(JPEGFrameHeader.size(huge).map { [$0.width, $0.height] }, [65_000, 60_001])
            for cut in stride(from: 0, to: 200, by: 7) { _ = JPEGFrameHeader.size(Array(jpeg.prefix(cut))) }
            for _ in 0..<300 {
                if let size = JPEGFrameHeader.size(mutate(jpeg, &random)) {
                    XCTAssertTrue(size.width > 0 && size.height > 0 && size.width <= 65535 && size.height <= 65535)
                }
            }
        }
        XCTAssertNil(JPEGFrameHeader.size(Array("not a jpeg".utf8)))
        XCTAssertNil(JPEGFrameHeader.size([0xFF, 0xD8, 0xFF, 0xDA, 0, 2]), "a scan before any frame header")
    }

    // MARK: Globs

    func testEscapedNamesMatchThemselvesAndMatchingStaysFast() {
        var random = SeededGenerator(seed: 0x5EED_0009)
        for _ in 0..<2000 {
            let name = String(decoding: random.trickyBytes(maxLength: 30), as: UTF8.self)
            let escaped = name.unicodeScalars.map { "\\" + String($0) }.joined()
            XCTAssertTrue(Glob(escaped).matches(name), name)
            XCTAssertTrue(Glob("*").matches(name))
        }
        // The classic exponential case for backtracking matchers.
        let started = Date()
        let name = String(repeating: "a", count: 5000)
        XCTAssertFalse(Glob(String(repeating: "*a", count: 40) + "*b").matches(name))
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    }
}
