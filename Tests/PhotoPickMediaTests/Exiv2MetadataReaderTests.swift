import CMedia
import Dispatch
import Foundation
import PhotoPickCore
import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest

final class Exiv2MetadataReaderTests: XCTestCase {
    /// Local readings in a zone that is not UTC (where a reading in the wrong zone equals the
    /// right one): Berlin, read through the system host as the programs read it (localtime_r
    /// under TZ), not whichever host an earlier test left installed.
    override func invokeTest() {
        do { try onSystemHost(inZone: "Europe/Berlin") { super.invokeTest() } } catch { XCTFail("no Berlin zone: \(error)") }
    }

    private let reader = Exiv2MetadataReader()
    private let sniffer = GIOContentTypeSniffer()

    private func utc(_ iso: String) -> Double { ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970 }

    private func read(_ path: String, mime: String? = nil, modified: Double = 0) -> AssetMetadata {
        reader.metadata(for: RawPath(path), mimeType: mime ?? self.mime(path) ?? "application/octet-stream", modified: modified)
    }

    private func mime(_ path: String) -> String? {
        let head = (try? RawFiles.read(path).prefix(sniffer.headLength)).map(Array.init) ?? []
        return sniffer.mimeType(name: Array(RawPath(path).lastComponentBytes), head: head)
    }

    private func jpeg(_ dir: TemporaryDirectory, _ name: String, _ w: Int = 320, _ h: Int = 240,
                      tags: [(String, String)] = [], gps: (latitude: Double, longitude: Double, altitude: Double)? = nil) throws -> String {
        let path = dir.path + "/" + name
        try ImageFactory.write(path, width: w, height: h, format: .jpeg)
        if !tags.isEmpty || gps != nil { try ExifWriter.write(path, tags: tags, gps: gps) }
        return path
    }

    // MARK: Round trip through gexiv2's own writer

    func testReadsBackWhatWasWritten() throws {
        let dir = TemporaryDirectory()
        let path = try jpeg(dir, "holiday.jpg", tags: [
            ("Exif.Photo.DateTimeOriginal", "2023:01:02 13:45:01"), ("Exif.Photo.OffsetTimeOriginal", "+02:00"),
            ("Exif.Image.Orientation", "6"), ("Exif.Image.Make", "Canon"), ("Exif.Image.Model", "Canon EOS R6"),
            ("Exif.Image.Rating", "2"), ("Xmp.xmp.Rating", "4"),
        ], gps: (latitude: -33.8568, longitude: 151.2153, altitude: 12.5))
        let m = read(path, mime: "image/jpeg")
        XCTAssertEqual(m.dateSource, .exif)
        XCTAssertEqual(m.captureDate, CaptureDate(seconds: utc("2023-01-02T11:45:01Z"), utcOffset: 7200))
        XCTAssertEqual(m.pixelWidth, 320)
        XCTAssertEqual(m.pixelHeight, 240)
        XCTAssertEqual(m.orientation, 6)
        XCTAssertEqual(m.displaySize.map { [$0.width, $0.height] }, [240, 320])
        XCTAssertEqual(m.cameraMake, "Canon")
        XCTAssertEqual(m.cameraModel, "Canon EOS R6")
        XCTAssertEqual(m.camera, "Canon EOS R6")
        XCTAssertEqual(m.rating, 4, "XMP rating before EXIF rating")
        let location = try XCTUnwrap(m.location)
        XCTAssertEqual(location.latitude, -33.8568, accuracy: 1e-6)
        XCTAssertEqual(location.longitude, 151.2153, accuracy: 1e-6)
        XCTAssertEqual(location.altitude ?? 0, 12.5, accuracy: 1e-3)
        XCTAssertFalse(m.isScreenshot)
    }

    func testEXIFRatingAloneAndNoOffset() throws {
        let dir = TemporaryDirectory()
        let path = try jpeg(dir, "a.jpg", tags: [("Exif.Photo.DateTimeOriginal", "2020:02:29 23:59:59"), ("Exif.Image.Rating", "3")])
        let m = read(path)
        XCTAssertEqual(m.captureDate, CaptureDate(seconds: localSeconds(2020, 2, 29, 23, 59, 59)))
        XCTAssertEqual(m.rating, 3)
        XCTAssertNil(m.location)
        XCTAssertNil(m.cameraMake)
        XCTAssertEqual(m.orientation, 1)
    }

    // MARK: Date precedence: EXIF > XMP > file name > modification time

    func testPrecedence() throws {
        let dir = TemporaryDirectory()
        let xmpDate = ("Xmp.photoshop.DateCreated", "2021-03-04T05:06:07+01:00")
        let exifDate = ("Exif.Photo.DateTimeOriginal", "2019:08:09 10:11:12")

        let all = read(try jpeg(dir, "IMG_20200304_050607.jpg", tags: [exifDate, xmpDate]))
        XCTAssertEqual(all.dateSource, .exif)
        XCTAssertEqual(all.captureDate?.seconds, localSeconds(2019, 8, 9, 10, 11, 12))

        let xmp = read(try jpeg(dir, "IMG_20200304_050607-b.jpg", tags: [xmpDate]))
        XCTAssertEqual(xmp.dateSource, .xmp)
        XCTAssertEqual(xmp.captureDate, CaptureDate(seconds: utc("2021-03-04T04:06:07Z"), utcOffset: 3600))

        let created = read(try jpeg(dir, "c.jpg", tags: [("Xmp.xmp.CreateDate", "2018-01-01T00:00:00Z"),
                                                          ("Xmp.exif.DateTimeOriginal", "2017-06-05T04:03:02")]))
        XCTAssertEqual(created.dateSource, .xmp)
        XCTAssertEqual(created.captureDate?.seconds, localSeconds(2017, 6, 5, 4, 3, 2), "exif:DateTimeOriginal before xmp:CreateDate")

        let named = read(try jpeg(dir, "IMG_20200304_050607-c.jpg", tags: [("Exif.Image.Make", "Canon")]))
        XCTAssertEqual(named.dateSource, .fileName)
        XCTAssertEqual(named.captureDate?.seconds, localSeconds(2020, 3, 4, 5, 6, 7))

        let nothing = read(try jpeg(dir, "holiday.jpg"))
        XCTAssertEqual(nothing.dateSource, .modified)
        XCTAssertNil(nothing.captureDate)

        let zero = read(try jpeg(dir, "IMG_20200304_050607-d.jpg", tags: [("Exif.Photo.DateTimeOriginal", "0000:00:00 00:00:00")]))
        XCTAssertEqual(zero.dateSource, .fileName, "a blank EXIF date falls through")
    }

    /// A place written only in XMP is the photo's location too: any reader shows it.
    func testXMPOnlyGPSIsThePhotosLocation() throws {
        let dir = TemporaryDirectory()
        let path = try jpeg(dir, "xmp.jpg", tags: [("Xmp.exif.GPSLatitude", "33,51.408S"), ("Xmp.exif.GPSLongitude", "151,12.918E")])
        let location = try XCTUnwrap(read(path).location)
        XCTAssertEqual(location.latitude, -33.8568, accuracy: 1e-6)
        XCTAssertEqual(location.longitude, 151.2153, accuracy: 1e-6)

        guard ExifTool.path != nil else { throw XCTSkip("exiftool is not installed (make deps installs libimage-exiftool-perl)") }
        let drone = try jpeg(dir, "drone.jpg")
        try ExifTool.write(drone, ["-XMP-drone-dji:GPSLatitude=48.8584", "-XMP-drone-dji:GPSLongitude=-2.2945"])
        let flown = try XCTUnwrap(read(drone).location, "a drone's XMP")
        XCTAssertEqual(flown.latitude, 48.8584, accuracy: 1e-6)
        XCTAssertEqual(flown.longitude, -2.2945, accuracy: 1e-6)
    }

    // MARK: Other formats and odd files

    func testScreenSizedPNGWithXMP() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/capture.png"
        try ImageFactory.write(path, width: 1920, height: 1080, format: .png)
        try ExifWriter.write(path, tags: [("Xmp.xmp.Rating", "5"), ("Xmp.photoshop.DateCreated", "2024-05-01")])
        let m = read(path)
        XCTAssertEqual(m.pixelWidth, 1920)
        XCTAssertEqual(m.pixelHeight, 1080)
        XCTAssertFalse(m.isScreenshot, "a PNG the size of a screen, with nothing a screenshot tool writes")
        XCTAssertEqual(m.rating, 5)
        XCTAssertEqual(m.dateSource, .xmp)
        XCTAssertEqual(m.captureDate?.seconds, localSeconds(2024, 5, 1))
    }

    func testUnreadableFilesFallBackToTheName() throws {
        let dir = TemporaryDirectory()
        let text = dir.path + "/Screenshot from 2024-05-01 14-03-22.png"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: text))
        let m = read(text, mime: "image/png")
        XCTAssertEqual(m.dateSource, .fileName)
        XCTAssertTrue(m.isScreenshot)
        XCTAssertNil(m.pixelWidth)
        XCTAssertEqual(m.orientation, 1)

        let missing = read(dir.path + "/IMG_20230102_134501.jpg", mime: "image/jpeg")
        XCTAssertEqual(missing.dateSource, .fileName)
        let heif = read(dir.path + "/nothing.heic", mime: "image/heic")
        XCTAssertEqual(heif.dateSource, .modified)
        let video = read(dir.path + "/VID_20230102_134501.mp4", mime: "video/mp4")
        XCTAssertEqual(video.dateSource, .fileName)
        XCTAssertNil(video.pixelWidth)
    }

    func testInvalidUTF8Path() throws {
        let dir = TemporaryDirectory()
        let source = try jpeg(dir, "s.jpg", tags: [("Exif.Photo.DateTimeOriginal", "2023:01:02 13:45:01")])
        let path = RawPath(dir.path).appending(component: Array("we\nird".utf8) + [0xFF] + Array(".jpg".utf8))
        try RawFiles.write(try RawFiles.read(source), to: path)
        let m = reader.metadata(for: path, mimeType: "image/jpeg", modified: 0)
        XCTAssertEqual(m.dateSource, .exif)
        XCTAssertEqual(m.pixelWidth, 320)
    }

    func testReadingNeverModifiesTheFile() throws {
        let dir = TemporaryDirectory()
        let path = try jpeg(dir, "a.jpg", tags: [("Exif.Photo.DateTimeOriginal", "2023:01:02 13:45:01"), ("Xmp.xmp.Rating", "2")])
        try ImageFactory.setModified(path, 1_600_000_000)
        let before = try RawFiles.read(path)
        _ = read(path)
        XCTAssertEqual(try RawFiles.read(path), before)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.modificationDate] as? Date)?.timeIntervalSince1970, 1_600_000_000)
    }

    func testConcurrentReadsAgree() throws {
        let dir = TemporaryDirectory()
        var paths: [String] = []
        for i in 0..<8 {
            paths.append(try jpeg(dir, "p\(i).jpg", tags: [("Exif.Photo.DateTimeOriginal", "2023:01:0\(i + 1) 13:45:01"),
                                                          ("Xmp.xmp.Rating", "\(i % 6)"), ("Exif.Image.Orientation", "\(i + 1)")]))
        }
        let expected = paths.map { read($0) }
        let results = ResultBox(count: paths.count * 8)
        let (reader, files) = (self.reader, paths)
        DispatchQueue.concurrentPerform(iterations: paths.count * 8) { i in
            results.set(i, reader.metadata(for: RawPath(files[i % files.count]), mimeType: "image/jpeg", modified: 0))
        }
        for i in 0..<(paths.count * 8) { XCTAssertEqual(results.get(i), expected[i % paths.count], "\(i)") }
        XCTAssertEqual(expected.map(\.orientation), Array(1...8))
    }

    // MARK: HEIF written by libheif's own encoder

    func testHEICExifIsReadAndNeverRotatedTwice() throws {
        guard HEIFWriter.canEncode else { throw XCTSkip("libheif has no HEVC encoder here") }
        let dir = TemporaryDirectory()
        let path = dir.path + "/photo.heic"
        // Container turned 90° clockwise (irot); the Exif block also says 6, as phones write it.
        try HEIFWriter.write(path, width: 64, height: 48, orientation: 6, exif: TIFFBlockBuilder.sample.build(bigEndian: false))
        let m = read(path)
        XCTAssertEqual(m.dateSource, .exif)
        XCTAssertEqual(m.captureDate, CaptureDate(seconds: utc("2023-01-02T11:45:01Z"), utcOffset: 7200))
        XCTAssertEqual(m.camera, "Canon EOS R6")
        XCTAssertEqual(m.rating, 3)
        XCTAssertEqual(m.location?.latitude ?? 0, -33.86, accuracy: 1e-9)
        XCTAssertEqual(m.orientation, 1, "the decoder applies irot; the Exif orientation must not rotate again")
        XCTAssertEqual(m.displaySize.map { [$0.width, $0.height] }, [48, 64], "upright size")
        if let decoded = try? ImageDecoder().decode(RawPath(path), fitting: 256) {
            XCTAssertEqual([decoded.width, decoded.height], [48, 64], "the decoder's size agrees")
        }
    }

    func testHEICXMPAndBigEndianExif() throws {
        guard HEIFWriter.canEncode else { throw XCTSkip("libheif has no HEVC encoder here") }
        let dir = TemporaryDirectory()
        let xmp = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
              xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmp:Rating="4"
              photoshop:DateCreated="2022-06-07T08:09:10+02:00"/>
            </rdf:RDF></x:xmpmeta><?xpacket end="w"?>
            """
        let xmpOnly = dir.path + "/xmp.heic"
        try HEIFWriter.write(xmpOnly, width: 64, height: 48, xmp: xmp)
        let m = read(xmpOnly)
        XCTAssertEqual(m.dateSource, .xmp)
        XCTAssertEqual(m.captureDate, CaptureDate(seconds: utc("2022-06-07T06:09:10Z"), utcOffset: 7200))
        XCTAssertEqual(m.rating, 4)
        XCTAssertEqual(m.displaySize.map { [$0.width, $0.height] }, [64, 48])

        var exif = TIFFBlockBuilder()
        exif.exif = [TIFFBlockBuilder.ascii(0x9003, "2019:08:09 10:11:12")]
        let both = dir.path + "/IMG_20200101_000000.heic"
        try HEIFWriter.write(both, width: 64, height: 48, exif: exif.build(bigEndian: true), xmp: xmp)
        let b = read(both)
        XCTAssertEqual(b.dateSource, .exif, "EXIF before XMP before the name")
        XCTAssertEqual(b.captureDate?.seconds, localSeconds(2019, 8, 9, 10, 11, 12))
        XCTAssertEqual(b.rating, 4, "XMP rating")
    }

    // MARK: Shared corpus

    /// `$PHOTOPICK_CORPUS/<sub>`, or `../shared/corpus/<sub>` beside the package.
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

    func testOrientationCorpus() throws {
        let dir = try corpus("orientation")
        for (prefix, landscape) in [("Landscape", true), ("Portrait", false)] {
            for n in 0...8 {
                let m = read("\(dir)/\(prefix)_\(n).jpg")
                XCTAssertEqual(m.orientation, max(n, 1), "\(prefix)_\(n)")
                let size = try XCTUnwrap(m.displaySize, "\(prefix)_\(n)")
                XCTAssertEqual(size.width > size.height, landscape, "\(prefix)_\(n): \(size)")
                let stored = try XCTUnwrap(ImageDecoder().size(of: RawPath("\(dir)/\(prefix)_\(n).jpg")))
                XCTAssertEqual([m.pixelWidth, m.pixelHeight], [stored.width, stored.height], "stored size, before orientation")
            }
        }
    }

    private static func libheifBefore(_ major: Int, _ minor: Int) -> Bool {
        let version = (Int(heif_get_version_number_major()), Int(heif_get_version_number_minor()))
        return version < (major, minor)
    }

    func testHEIFAndAVIFSamples() throws {
        let dir = try corpus("formats")
        var checked = 0
        for name in ["example.heic", "example.avif", "fox.profile0.8bpc.yuv420.avif", "kimono.rotate90.avif"] {
            let path = "\(dir)/\(name)"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let mime = try XCTUnwrap(self.mime(path), name)
            XCTAssertTrue(["image/heif", "image/heic", "image/avif"].contains(mime), "\(name): \(mime)")
            let m = read(path)
            XCTAssertEqual(m.orientation, 1, "\(name): the decoder applies irot/imir; never rotate twice")
            let size = try XCTUnwrap(m.displaySize, "\(name): libheif gives the primary image's size")
            print("\(name): \(mime) \(size.width)×\(size.height) orientation \(m.orientation) date \(m.dateSource.rawValue)"
                  + " \(m.captureDate.map { "\(Date(timeIntervalSince1970: $0.seconds)) offset \($0.utcOffset.map(String.init) ?? "none")" } ?? "-")"
                  + " camera \(m.camera ?? "-") location \(m.location.map { "\($0.latitude),\($0.longitude)" } ?? "-")")
            // The size must be the upright size the decoder produces, when gdk-pixbuf can decode it.
            // kimono.rotate90.avif lists irot before ispe (an early cavif bug), and libheif before
            // 1.18 (Debian 12 has 1.15) reports its unrotated size (libheif#1131, found in 1.17);
            // the reader trusts libheif rather than re-parse boxes.
            if let decoded = try? ImageDecoder().decode(RawPath(path), fitting: 4096) {
                let unrotated = name == "kimono.rotate90.avif" && Self.libheifBefore(1, 18)
                let expected = unrotated ? [decoded.height, decoded.width] : [decoded.width, decoded.height]
                XCTAssertEqual([size.width, size.height], expected, "\(name): upright size")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 0)
    }

    func testHostileCorpusDoesNotCrashTheReader() throws {
        var read = 0
        for sub in ["decode-fail", "decode-modified", "formats"] {
            let dir = try corpus(sub)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() {
                let path = "\(dir)/\(name)"
                // Every file as the sniffer sees it, and also as a JPEG and as HEIF whatever it is.
                for mime in [self.mime(path) ?? "image/x-unknown", "image/jpeg", "image/heif"] {
                    let m = self.read(path, mime: mime)
                    XCTAssertTrue((1...8).contains(m.orientation), "\(sub)/\(name) as \(mime)")
                    read += 1
                }
            }
        }
        XCTAssertGreaterThan(read, 100)
    }

    // MARK: End to end: the scan orders by capture date, not modification time

    func testScanOrdersByCaptureDate() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/Pictures"
        // Capture order (oldest first): exif.jpg 2015, xmp.jpg 2016, IMG_20170101_120000.jpg, plain.jpg (mtime 2018).
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        let exif = try jpeg(dir, "Pictures/exif.jpg", tags: [("Exif.Photo.DateTimeOriginal", "2015:06:01 12:00:00")])
        let xmp = try jpeg(dir, "Pictures/sub/xmp.jpg", tags: [("Xmp.photoshop.DateCreated", "2016-06-01T12:00:00Z")])
        let named = try jpeg(dir, "Pictures/IMG_20170101_120000.jpg")
        let plain = try jpeg(dir, "Pictures/sub/plain.jpg")
        // Modification times in the opposite order, all newer than any capture date but plain's.
        try ImageFactory.setModified(exif, utc("2024-01-04T00:00:00Z"))
        try ImageFactory.setModified(xmp, utc("2024-01-03T00:00:00Z"))
        try ImageFactory.setModified(named, utc("2024-01-02T00:00:00Z"))
        try ImageFactory.setModified(plain, utc("2018-01-01T00:00:00Z"))

        let scanner = FileSystemScanner(roots: [RawPath(root)], sniffer: sniffer, metadataReader: reader)
        let (files, _) = scanner.scanAll()
        XCTAssertEqual(files.count, 4)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: files.map { ($0.path.lastComponent, $0.metadata.dateSource) }),
                       ["exif.jpg": .exif, "xmp.jpg": .xmp, "IMG_20170101_120000.jpg": .fileName, "plain.jpg": .modified])
        let library = PhotoLibrary(roots: [RawPath(root)])
        library.add(files)
        XCTAssertEqual(library.assets(in: .allPhotos).map(\.name),
                       ["plain.jpg", "IMG_20170101_120000.jpg", "xmp.jpg", "exif.jpg"], "newest capture first")

        // Without a reader the scan leaves metadata empty and the order is by modification time.
        let bare = FileSystemScanner(roots: [RawPath(root)], sniffer: sniffer).scanAll().files
        XCTAssertTrue(bare.allSatisfy { $0.metadata == AssetMetadata() })
    }
}

/// Results written from concurrent workers, one slot each.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [AssetMetadata?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ v: AssetMetadata) { lock.lock(); values[i] = v; lock.unlock() }
    func get(_ i: Int) -> AssetMetadata? { lock.lock(); defer { lock.unlock() }; return values[i] }
}

/// The wall clock read in the local zone by Glibc's mktime, independently of the reader.
private func localSeconds(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Double {
    var t = tm()
    t.tm_year = Int32(y - 1900); t.tm_mon = Int32(mo - 1); t.tm_mday = Int32(d)
    t.tm_hour = Int32(h); t.tm_min = Int32(mi); t.tm_sec = Int32(s); t.tm_isdst = -1
    return Double(mktime(&t))
}
