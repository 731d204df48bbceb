import Foundation
import PhotoPickCore
import TestSupport
import XCTest

/// `photopick export`: the exported paths in the given order in every output format, the
/// exit status and stderr of partial failures, bad options, the cache folder and --clean.
final class ExportCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var environment: [String: String] = [:]

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = dir.path + "/cache"
    }

    private func photopick(_ args: [String]) throws -> ProcessRunner.Output {
        try ProcessRunner.run(Binaries.photopick, ["export"] + args, environment: environment)
    }

    private func photo(_ name: String, width: Int = 800, height: Int = 600) throws -> String {
        let path = dir.path + "/" + name
        try ImageFactory.write(path, width: width, height: height, format: .jpeg)
        return path
    }

    func testPrintsExportsInTheGivenOrder() throws {
        let names = ["c.jpg", "a.jpg", "b.jpg"]
        let sources = try names.map { try photo($0) }
        let out = try photopick(["--export-dir", dir.path + "/out", "--convert", "png", "--max-size", "200"] + sources)
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, names.map { dir.path + "/out/" + $0.replacingOccurrences(of: ".jpg", with: ".png") + "\n" }.joined())
        XCTAssertEqual(out.stderrText, "")
        let image = try ExportProbe.pixels(dir.path + "/out/c.png")
        XCTAssertEqual([image.width, image.height], [200, 150])
    }

    func testJSONAssetsDescribeTheExportAndNameTheOriginal() throws {
        let source = try photo("trip.jpg")
        try ExifWriter.write(source, tags: [("Exif.Photo.DateTimeOriginal", "2023:06:01 18:30:00"),
                                            ("Exif.Photo.OffsetTimeOriginal", "+02:00"), ("Exif.Image.Model", "EOS R6")],
                             gps: (latitude: 48.8584, longitude: 2.2945, altitude: 35))
        let before = FileManager.default.contents(atPath: source)
        let out = try photopick(["--format", "json", "--strip-location", "--max-size", "400", "--export-dir", dir.path + "/out", source])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
        let assets = try XCTUnwrap(document["assets"] as? [[String: Any]])
        XCTAssertEqual((document["errors"] as? [Any])?.count, 0)
        XCTAssertEqual(assets.count, 1)
        let asset = assets[0]
        XCTAssertEqual(asset["path"] as? String, dir.path + "/out/trip.jpg")
        XCTAssertEqual(asset["original_path"] as? String, source)
        XCTAssertEqual(asset["original_uri"] as? String, "file://" + source)
        XCTAssertEqual(asset["mime_type"] as? String, "image/jpeg")
        XCTAssertEqual([asset["width"] as? Int, asset["height"] as? Int], [400, 300])
        XCTAssertEqual(asset["date"] as? String, "2023-06-01T18:30:00+02:00", "the capture date is kept")
        XCTAssertTrue(asset["location"] is NSNull, "--strip-location")
        XCTAssertEqual(asset["selection_index"] as? Int, 0)
        XCTAssertEqual(FileManager.default.contents(atPath: source), before, "the original is untouched")
    }

    /// `location` is what a reader finds in the exported file: a place written only in XMP
    /// (a clip's, a drone photo's) is reported, and after --strip-location there is none.
    func testJSONLocationIsWhatTheExportedFileHolds() throws {
        guard let ffmpeg = Binaries.which("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (make deps installs it)") }
        guard ExifTool.path != nil else { throw XCTSkip("exiftool is not installed (make deps installs libimage-exiftool-perl)") }
        let clip = dir.path + "/clip.mp4"
        let made = try ProcessRunner.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=5",
                                                  "-pix_fmt", "yuv420p", clip])
        XCTAssertEqual(made.status, 0, made.stderrText)
        try ExifTool.write(clip, ["-XMP-exif:GPSLatitude=48.8584", "-XMP-exif:GPSLongitude=2.2945"])
        let drone = try photo("drone.jpg")
        try ExifTool.write(drone, ["-XMP-drone-dji:GPSLatitude=48.8584", "-XMP-drone-dji:GPSLongitude=2.2945"])

        func locations(_ options: [String], into folder: String) throws -> [Any?] {
            let out = try photopick(["--format", "json", "--export-dir", dir.path + "/" + folder] + options + [clip, drone])
            XCTAssertEqual(out.status, 0, out.stderrText)
            let document = try XCTUnwrap(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
            return try XCTUnwrap(document["assets"] as? [[String: Any]]).map { $0["location"] }
        }
        for place in try locations([], into: "kept") {
            let latitude = try XCTUnwrap((place as? [String: Any])?["latitude"] as? Double, "a reader finds the place")
            XCTAssertEqual(latitude, 48.8584, accuracy: 1e-4)
        }
        for place in try locations(["--strip-location"], into: "stripped") {
            XCTAssertTrue(place is NSNull, "no place is left: \(String(describing: place))")
        }
    }

    func testPartialFailureExitsTwoWithEachFailureOnStderrAndInJSON() throws {
        let good = try photo("good.jpg")
        let broken = dir.path + "/broken.jpg"
        try Data("no photo here".utf8).write(to: URL(fileURLWithPath: broken))
        let out = try photopick(["--format", "jsonl", "--export-dir", dir.path + "/out", broken, good])
        XCTAssertEqual(out.status, 2)
        XCTAssertEqual(out.stderrText, "photopick: cannot export \(broken): is not a photo or video\n")
        let lines = out.stdoutText.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0]?["original_path"] as? String, good)
        let error = try XCTUnwrap(lines[1]?["error"] as? [String: Any])
        XCTAssertEqual(error["path"] as? String, broken)
        XCTAssertEqual(error["uri"] as? String, "file://" + broken)
        XCTAssertEqual(error["message"] as? String, "is not a photo or video")

        let json = try photopick(["--format", "json", "--export-dir", dir.path + "/out2", good, broken])
        XCTAssertEqual(json.status, 2)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        XCTAssertEqual((document["assets"] as? [[String: Any]])?.map { $0["original_path"] as? String }, [good])
        XCTAssertEqual((document["errors"] as? [[String: Any]])?.map { $0["message"] as? String }, ["is not a photo or video"])
    }

    func testBadOptionsAreOneLineErrorsAndExportNothing() throws {
        let good = try photo("good.jpg")
        let cases: [([String], String)] = [
            (["--quality", "0", good], "quality must be 1–100"),
            (["--max-size=-1", good], "max size must be 1–65535"),
            (["--max-size", "0", good], "max size must be 1–65535"),
            (["--convert", "gif", good], "gif"),
            (["--max-bytes", "10", good], "at least 1024"),
            ([dir.path + "/missing.jpg", good], "missing.jpg: No such file or directory"),
            (["--print0", "--format", "json", good], "conflict"),
            ([], "no files to export"),
        ]
        for (args, expected) in cases {
            let out = try photopick(["--export-dir", dir.path + "/out"] + args)
            XCTAssertEqual(out.status, 2, "\(args)")
            XCTAssertTrue(out.stderrText.contains(expected), "\(args): \(out.stderrText)")
            XCTAssertEqual(out.stderrText.split(separator: "\n").filter { !$0.hasPrefix("Try ") && !$0.hasPrefix("Usage") && !$0.isEmpty }.count, 1,
                           "\(args): one line: \(out.stderrText)")
            XCTAssertEqual(out.stdout.count, 0)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/out/good.jpg"), "\(args): nothing exported")
        }
    }

    func testByteNamesInEveryFormat() throws {
        let name: [UInt8] = Array("f".utf8) + [0xFF, 0x0A] + Array(".jpg".utf8)
        let plain = try photo("plain.jpg", width: 64, height: 64)
        let source = RawPath(dir.path).appending(component: name)
        XCTAssertEqual(plain.withCString { from in source.withCString { rename(from, $0) } }, 0)
        // Through a shell glob: the name reaches photopick as the very bytes, not via Foundation's strings.
        let out = try ProcessRunner.run("/bin/sh", ["-c", "cd \"$1\" && exec \"$2\" export --print0 --export-dir out ./f*.jpg", "sh", dir.path, Binaries.photopick],
                                        environment: environment)
        XCTAssertEqual(out.status, 0, out.stderrText)
        let expected = RawPath(dir.path + "/out").appending(component: Array(name.dropLast(3)) + Array("jpg".utf8))
        XCTAssertEqual([UInt8](out.stdout), expected.bytes + [0])
        let json = try ProcessRunner.run("/bin/sh", ["-c", "cd \"$1\" && exec \"$2\" export --format json --export-dir out2 ./f*.jpg", "sh", dir.path, Binaries.photopick],
                                         environment: environment)
        XCTAssertTrue(json.stdoutText.contains("f\\udcff\\n.jpg"), json.stdoutText)
    }

    func testDefaultFolderIsPrivateUnderTheCacheAndCleanRemovesIt() throws {
        let out = try photopick([try photo("a.jpg")])
        XCTAssertEqual(out.status, 0, out.stderrText)
        let path = out.stdoutText.trimmingCharacters(in: .newlines)
        let folder = (path as NSString).deletingLastPathComponent
        XCTAssertEqual((folder as NSString).deletingLastPathComponent, dir.path + "/cache/photopick/exports")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int, 0o700)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))

        let young = try photopick(["--clean", "--older-than", "1"])
        XCTAssertEqual(young.status, 0, young.stderrText)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "younger than a day: kept")
        let all = try photopick(["--clean"])
        XCTAssertEqual(all.status, 0, all.stderrText)
        XCTAssertEqual(all.stdout.count, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder), "--clean alone removes every export folder not in use")
    }

    func testExportIntoTheOriginalsFolderKeepsTheOriginal() throws {
        let source = try photo("IMG_1.jpg")
        let before = FileManager.default.contents(atPath: source)
        let out = try photopick(["--export-dir", dir.path, "--max-size", "100", source, source])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(Set(out.stdoutText.split(separator: "\n").map(String.init)),
                       [dir.path + "/IMG_1 (2).jpg", dir.path + "/IMG_1 (3).jpg"])
        XCTAssertEqual(FileManager.default.contents(atPath: source), before)
    }
}
