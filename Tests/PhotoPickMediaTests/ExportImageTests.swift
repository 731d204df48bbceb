import Foundation
import PhotoPickCore
import PhotoPickMedia
import TestSupport
import XCTest

/// The pixels of an export: upright whatever the orientation (EXIF 1–8, HEIF irot), sRGB,
/// never enlarged, in the format asked, within --max-bytes.
final class ExportImageTests: ExportTestCase {
    func testEveryExifOrientationComesOutUprightWithOrientationOne() async throws {
        var sources: [RawPath] = []
        for orientation in 1...8 {
            let path = dir.path + "/o\(orientation).jpg"
            try ExportProbe.writeOriented(path, width: 120, height: 80, orientation: orientation)
            sources.append(original(path))
        }
        let report = try await export(sources, settings { $0.format = .jpeg })
        XCTAssertTrue(report.isComplete, "\(report.failures)")
        for (i, outcome) in report.outcomes.enumerated() {
            let path = try XCTUnwrap(outcome.exportedPath).description
            let image = try ExportProbe.pixels(path)
            XCTAssertEqual([image.width, image.height], [120, 80], "orientation \(i + 1): shown size")
            let topLeft = image.rgb(10, 10), topRight = image.rgb(110, 10), bottomLeft = image.rgb(10, 70)
            XCTAssertTrue(topLeft.r > 180 && topLeft.b < 80, "orientation \(i + 1): top-left is red, got \(topLeft)")
            XCTAssertTrue(topRight.b > 180 && topRight.r < 80, "orientation \(i + 1): top-right is blue, got \(topRight)")
            XCTAssertTrue(bottomLeft.b > 180 && bottomLeft.r < 80, "orientation \(i + 1): bottom-left is blue, got \(bottomLeft)")
            let orientation = try ExportProbe.tags(path)["Exif.Image.Orientation"]
            XCTAssertTrue(orientation == nil || orientation == "1", "orientation \(i + 1): tag now \(orientation ?? "none")")
        }
    }

    func testHEICWithIrotComesOutUpright() async throws {
        guard HEIFWriter.canEncode else { throw XCTSkip("libheif has no HEVC encoder here, so no HEIC can be made") }
        let path = dir.path + "/turned.heic"
        // Stored 160×96 with the light block top-left; irot for EXIF 6 turns it a quarter clockwise.
        try HEIFWriter.write(path, width: 160, height: 96, orientation: 6)
        let report = try await export([original(path)], settings { $0.format = .keep })
        let out = try exported(report)
        XCTAssertTrue(out.hasSuffix("/turned.jpg"), "keep writes JPEG for HEIC: \(out)")
        let image = try ExportProbe.pixels(out)
        XCTAssertEqual([image.width, image.height], [96, 160], "shown size, turned")
        XCTAssertGreaterThan(image.rgb(80, 20).r, 180, "the light block is top-right once turned")
        XCTAssertLessThan(image.rgb(15, 20).r, 100, "top-left is dark")
        XCTAssertLessThan(image.rgb(80, 140).r, 100, "bottom-right is dark")
    }

    /// The public HEIF/AVIF samples; kimono.rotate90.avif is one libvips 8.14 cannot load
    /// (rotated, its ispe size the unrotated one): libheif decodes it instead, turned.
    func testSharedCorpusHEIFAndAVIFExport() async throws {
        guard let corpus = HostileLibrary.sharedCorpus else { throw XCTSkip("../shared/corpus is not here") }
        let names = ["example.heic", "example.avif", "kimono.rotate90.avif"]
        let sources = names.map { original(corpus + "/formats/" + $0) }
        let report = try await export(sources, settings { $0.maxSize = 4000 })
        XCTAssertTrue(report.isComplete, "\(report.failures)")
        let sizes = try report.outcomes.map { outcome -> [Int] in
            let image = try ExportProbe.pixels(try XCTUnwrap(outcome.exportedPath).description)
            return [image.width, image.height]
        }
        XCTAssertEqual(sizes[2], [722, 1024], "turned a quarter, as libheif shows it")
    }

    /// Phones write both: irot, and an Exif Orientation saying the same. Turned once, not twice.
    func testHEICWithIrotAndExifOrientationIsTurnedOnce() async throws {
        guard HEIFWriter.canEncode else { throw XCTSkip("libheif has no HEVC encoder here, so no HEIC can be made") }
        let carrier = dir.path + "/carrier.jpg"
        try ImageFactory.write(carrier, width: 8, height: 8, format: .jpeg)
        try ExifWriter.write(carrier, tags: [("Exif.Image.Orientation", "6")])
        let path = dir.path + "/phone.heic"
        try HEIFWriter.write(path, width: 160, height: 96, orientation: 6, exif: [0, 0, 0, 0] + (try XCTUnwrap(tiffExif(of: carrier))))
        let out = try exported(try await export([original(path)], settings()))
        let image = try ExportProbe.pixels(out)
        XCTAssertEqual([image.width, image.height], [96, 160], "turned a quarter, once")
        XCTAssertGreaterThan(image.rgb(80, 20).r, 180, "the light block is top-right")
        XCTAssertLessThan(image.rgb(15, 140).r, 100, "bottom-left is dark")
        let orientation = try ExportProbe.tags(out)["Exif.Image.Orientation"]
        XCTAssertTrue(orientation == nil || orientation == "1", "tag now \(orientation ?? "none")")
    }

    func testAdobeRGBBecomesSRGB() async throws {
        let profile = "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc"
        guard FileManager.default.fileExists(atPath: profile) else { throw XCTSkip("icc-profiles-free is not installed (make deps)") }
        let path = dir.path + "/adobe.jpg"
        // A mid green in Adobe RGB lies outside what the same numbers mean in sRGB.
        try ProcessRunner.run("/usr/bin/env", ["convert", "-size", "64x64", "xc:rgb(60,160,60)", "-profile", profile, path])
        let before = try ExportProbe.pixels(path).rgb(32, 32)
        XCTAssertEqual(before.r, 60, accuracy: 3)
        let tagged = try XCTUnwrap(ExportProbe.iccProfile(path).flatMap { ICCDescription.of($0) }, "ImageMagick embedded the profile")
        XCTAssertTrue(tagged.contains("Adobe"), tagged)
        let out = try exported(try await export([original(path)], settings { $0.format = .jpeg }))
        let after = try ExportProbe.pixels(out).rgb(32, 32)
        XCTAssertLessThan(after.r, 25, "red drops when Adobe RGB's green is expressed in sRGB: \(after)")
        XCTAssertEqual(after.g, 160, accuracy: 8)
        let icc = try XCTUnwrap(ExportProbe.iccProfile(out), "the export says what it is")
        let name = try XCTUnwrap(ICCDescription.of(icc), "its profile has a name")
        XCTAssertTrue(name.contains("sRGB") && !name.contains("Adobe"), "its profile is sRGB: \(name)")
    }

    func testShrinksToMaxSizeAndNeverEnlarges() async throws {
        let big = try photo("big.jpg", width: 1200, height: 800), small = try photo("small.jpg", width: 300, height: 200)
        let report = try await export([big, small], settings { $0.maxSize = 500 })
        let sizes = try report.outcomes.map { try ExportProbe.pixels(try XCTUnwrap($0.exportedPath).description) }
        XCTAssertEqual(sizes.map { [$0.width, $0.height] }, [[500, 333], [300, 200]])
    }

    func testFormatsByMagicBytes() async throws {
        let jpeg = try photo("a.jpg"), png = try photo("b.png", format: .png)
        let asked: [(ExportSettings.Format, [RawPath], [String])] = [
            (.png, [jpeg], ["png"]), (.webp, [jpeg], ["webp"]), (.jpeg, [png], ["jpg"]), (.keep, [jpeg, png], ["jpg", "png"]),
        ]
        for (format, sources, extensions) in asked {
            let report = try await export(sources, settings { $0.format = format; $0.directory = RawPath(dir.path + "/\(format)") })
            for (outcome, ext) in zip(report.outcomes, extensions) {
                let path = try XCTUnwrap(outcome.exportedPath).description
                XCTAssertTrue(path.hasSuffix("." + ext), "\(format): \(path)")
                let head = magic(path)
                switch ext {
                case "png": XCTAssertEqual(Array(head.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "\(format): PNG")
                case "webp": XCTAssertEqual([Array(head[0..<4]), Array(head[8..<12])], [Array("RIFF".utf8), Array("WEBP".utf8)])
                default: XCTAssertEqual(Array(head.prefix(3)), [0xFF, 0xD8, 0xFF], "\(format): JPEG")
                }
            }
        }
    }

    func testTransparencyIsFlattenedOnWhiteForJPEG() async throws {
        let path = dir.path + "/clear.png"
        try ProcessRunner.run("/usr/bin/env", ["convert", "-size", "40x40", "xc:none", path])
        let out = try exported(try await export([original(path)], settings { $0.format = .jpeg }))
        let pixel = try ExportProbe.pixels(out).rgb(20, 20)
        XCTAssertGreaterThan(min(pixel.r, pixel.g, pixel.b), 240, "transparent becomes white, not black: \(pixel)")
    }

    /// Noise does not compress: the quality and then the size must come down to fit.
    func testMaxBytesIsRespected() async throws {
        let path = dir.path + "/noise.jpg"
        try ProcessRunner.run("/usr/bin/env", ["convert", "-size", "900x600", "xc:gray", "+noise", "Random", "-quality", "95", path])
        let before = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertGreaterThan(before, 200_000)
        for format in [ExportSettings.Format.jpeg, .webp, .png] {
            let report = try await export([original(path)], settings {
                $0.format = format; $0.maxBytes = 60_000; $0.directory = RawPath(dir.path + "/\(format)")
            })
            let out = try exported(report)
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: out)[.size] as? Int)
            XCTAssertLessThanOrEqual(size, 60_000, "\(format)")
            XCTAssertGreaterThan(size, 5_000, "\(format): not shrunk further than needed")
        }
    }

    func testMaxBytesThatCannotBeMetIsReported() async throws {
        let path = dir.path + "/wordy.jpg"
        try ImageFactory.write(path, width: 300, height: 200, format: .jpeg)
        // Metadata alone larger than the limit: no quality or size gets under it.
        try ExifWriter.write(path, tags: [("Exif.Image.ImageDescription", String(repeating: "words ", count: 600))])
        let report = try await export([original(path)], settings { $0.maxBytes = 2048 })
        XCTAssertEqual(report.outcomes.first?.exportedPath, nil)
        guard case .doesNotFit(2048, _)? = errors(report).first else { return XCTFail("\(report)") }
        XCTAssertEqual(names(in: dir.path + "/out"), [], "no partial or temporary file is left")
    }
}
