import Foundation
import PhotoPickCore
@testable import PhotoPickConvert
import PhotoPickMedia
import TestSupport
import XCTest

/// A JPEG asked smaller is decoded by TurboJPEG at an n/8 DCT scale and reduced by libvips
/// (`JPEGScaledLoad`); what comes out is what the whole-image path gave: the size asked,
/// upright, sRGB, the metadata kept or removed as asked. What it declines (CMYK, damaged
/// files) goes the old way and fails or exports as before.
final class ExportJPEGScaledLoadTests: ExportTestCase {
    func testTheScaleIsTheSmallestThatCoversTheLongSide() {
        func scaled(_ w: Int, _ h: Int, _ side: Int) -> [Int]? {
            JPEGScaledLoad.scaledSize(width: w, height: h, longSide: side).map { [$0.width, $0.height] }
        }
        XCTAssertEqual(scaled(4000, 3000, 2048), [2500, 1875], "12 MP to 2048: 5/8 (4/8 is 2000)")
        XCTAssertEqual(scaled(3000, 4000, 2048), [1875, 2500], "the long side decides, either way round")
        XCTAssertEqual(scaled(6000, 4000, 2048), [2250, 1500], "24 MP to 2048: 3/8")
        XCTAssertEqual(scaled(1001, 667, 250), [251, 167], "rounded up as TurboJPEG does: 2/8 of 1001 is 250.25")
        XCTAssertEqual(scaled(480, 320, 120), [120, 80], "exactly the size: 2/8")
        XCTAssertNil(scaled(4000, 3000, 3600), "only 8/8 covers it: nothing to gain")
        XCTAssertNil(scaled(300, 200, 500), "never enlarged")
    }

    func testEveryOrientationIsUprightWhenDecodedAtFiveEighths() async throws {
        var sources: [RawPath] = []
        for orientation in 1...8 {
            let path = dir.path + "/o\(orientation).jpg"
            try ExportProbe.writeOriented(path, width: 480, height: 320, orientation: orientation)
            sources.append(original(path))
        }
        let report = try await export(sources, settings { $0.maxSize = 250 })  // 300 × 200 decoded, then reduced
        XCTAssertTrue(report.isComplete, "\(report.failures)")
        for (i, outcome) in report.outcomes.enumerated() {
            let path = try XCTUnwrap(outcome.exportedPath).description
            let image = try ExportProbe.pixels(path)
            XCTAssertEqual([image.width, image.height], [250, 167], "orientation \(i + 1): shown size")
            let topLeft = image.rgb(20, 20), topRight = image.rgb(230, 20), bottomLeft = image.rgb(20, 147)
            XCTAssertTrue(topLeft.r > 180 && topLeft.b < 80, "orientation \(i + 1): top-left is red, got \(topLeft)")
            XCTAssertTrue(topRight.b > 180 && topRight.r < 80, "orientation \(i + 1): top-right is blue, got \(topRight)")
            XCTAssertTrue(bottomLeft.b > 180 && bottomLeft.r < 80, "orientation \(i + 1): bottom-left is blue, got \(bottomLeft)")
            let orientation = try ExportProbe.tags(path)["Exif.Image.Orientation"]
            XCTAssertTrue(orientation == nil || orientation == "1", "orientation \(i + 1): tag now \(orientation ?? "none")")
        }
    }

    func testAdobeRGBBecomesSRGBWhenDecodedSmaller() async throws {
        let profile = "/usr/share/color/icc/compatibleWithAdobeRGB1998.icc"
        guard FileManager.default.fileExists(atPath: profile) else { throw XCTSkip("icc-profiles-free is not installed (make deps)") }
        let path = dir.path + "/adobe.jpg"
        try ProcessRunner.run("/usr/bin/env", ["convert", "-size", "160x120", "xc:rgb(60,160,60)", "-profile", profile, path])
        let tagged = try XCTUnwrap(ExportProbe.iccProfile(path).flatMap { ICCDescription.of($0) }, "ImageMagick embedded the profile")
        XCTAssertTrue(tagged.contains("Adobe"), tagged)
        let out = try exported(try await export([original(path)], settings { $0.format = .jpeg; $0.maxSize = 100 }))
        let image = try ExportProbe.pixels(out)
        XCTAssertEqual([image.width, image.height], [100, 75])
        let after = image.rgb(50, 37)
        XCTAssertLessThan(after.r, 25, "Adobe RGB's green expressed in sRGB: \(after)")
        XCTAssertEqual(after.g, 160, accuracy: 8)
        let icc = try XCTUnwrap(ExportProbe.iccProfile(out), "the export says what it is")
        let name = try XCTUnwrap(ICCDescription.of(icc), "its profile has a name")
        XCTAssertTrue(name.contains("sRGB") && !name.contains("Adobe"), "its profile is sRGB: \(name)")
    }

    func testMetadataKeptAndLocationRemovedWhenDecodedSmaller() async throws {
        let path = dir.path + "/trip.jpg"
        try ImageFactory.write(path, width: 640, height: 480, format: .jpeg)
        let kept = ["Exif.Photo.DateTimeOriginal": "2023:06:01 18:30:00", "Exif.Photo.OffsetTimeOriginal": "+02:00",
                    "Exif.Image.Make": "Canon", "Exif.Image.Model": "Canon EOS R6"]
        try ExifWriter.write(path, tags: kept.sorted { $0.key < $1.key } + [("Exif.Image.Orientation", "6")],
                             gps: (latitude: 48.8584, longitude: 2.2945, altitude: 35))
        let source = original(path)
        for stripLocation in [false, true] {
            let out = try exported(try await export([source], settings { $0.maxSize = 300; $0.stripLocation = stripLocation }))
            let image = try ExportProbe.pixels(out)
            XCTAssertEqual([image.width, image.height], [225, 300], "turned upright (orientation 6), 5/8 decoded")
            let tags = try ExportProbe.tags(out)
            for (tag, value) in kept { XCTAssertEqual(tags[tag], value, "\(tag)") }
            XCTAssertTrue(tags["Exif.Image.Orientation"] == nil || tags["Exif.Image.Orientation"] == "1")
            XCTAssertEqual(tags.keys.contains { $0.contains("GPS") }, !stripLocation, "location kept unless asked")
        }
    }

    func testAGreyJPEGStaysGrey() async throws {
        let path = dir.path + "/grey.jpg"
        try ProcessRunner.run("/usr/bin/env", ["convert", "-size", "400x200", "gradient:white-black", "-colorspace", "Gray", path])
        let out = try exported(try await export([original(path)], settings { $0.maxSize = 150 }))
        let image = try ExportProbe.pixels(out)
        XCTAssertEqual([image.width, image.height], [150, 75])
        let top = image.rgb(75, 2), bottom = image.rgb(75, 72)
        XCTAssertEqual(top.r, top.b, accuracy: 2, "grey: \(top)")
        XCTAssertGreaterThan(top.g, 200, "the top is white: \(top)")
        XCTAssertLessThan(bottom.g, 55, "the bottom is black: \(bottom)")
    }

    func testACMYKJPEGGoesTheWholeImageWayAndKeepsItsColours() async throws {
        let path = dir.path + "/cmyk.jpg"
        try ProcessRunner.run("/usr/bin/env", ["convert", "-size", "400x300", "xc:rgb(220,30,30)", "-colorspace", "CMYK", path])
        let out = try exported(try await export([original(path)], settings { $0.maxSize = 200 }))
        let image = try ExportProbe.pixels(out)
        XCTAssertEqual([image.width, image.height], [200, 150])
        let centre = image.rgb(100, 75)
        XCTAssertTrue(centre.r > 150 && centre.g < 90 && centre.b < 90, "still red: \(centre)")
    }

    /// The shared corpora's broken and corrupted images, asked smaller: each is exported at
    /// most the size asked, or fails with a reason; no worker crashes or stalls on them.
    func testHostileImagesFailCleanlyOrExport() async throws {
        guard let corpus = HostileLibrary.sharedCorpus else { throw XCTSkip("../shared/corpus is not here") }
        var sources: [RawPath] = []
        for folder in ["decode-fail", "decode-modified"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus + "/" + folder)) ?? []
            sources += names.sorted().map { original(corpus + "/" + folder + "/" + $0) }
        }
        guard !sources.isEmpty else { throw XCTSkip("the corpora are empty") }
        let report = try await export(sources, settings { $0.maxSize = 64 }, engine: engine(timeLimit: 30))
        XCTAssertEqual(report.outcomes.count, sources.count)
        for outcome in report.outcomes {
            switch outcome.result {
            case .exported(let path, _):
                let image = try ExportProbe.pixels(path.description)
                XCTAssertLessThanOrEqual(max(image.width, image.height), 64, "\(outcome.source)")
            case .failed(let reason):
                XCTAssertFalse(reason.isEmpty, "\(outcome.source): a reason")
                if case .worker? = outcome.error as? MediaError { XCTFail("\(outcome.source): \(reason)") }
            }
        }
        let left = names(in: dir.path + "/out").filter { $0.hasPrefix(".") }
        XCTAssertEqual(left, [], "no temporary file is left")
    }
}
