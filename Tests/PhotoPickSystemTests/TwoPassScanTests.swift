import Foundation
@testable import PhotoPickCore
@testable import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest

/// The window's two-pass scan: a listing by name at the speed of `find`, then the content
/// verified. After both passes the result is exactly the single-pass scan's, whatever the
/// names claimed.
final class TwoPassScanTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private struct Outcome {
        var listed: [DiscoveredFile] = []
        var refinements: [ScanRefinement] = []
        var listingFinishedAfter = -1
        var summary = FileSystemScanner.Summary()

        /// What a library holds after applying both passes, by path.
        var final: [RawPath: DiscoveredFile] {
            var files = Dictionary(listed.map { ($0.path, $0) }, uniquingKeysWith: { $1 })
            for r in refinements {
                for path in r.removed { files[path] = nil }
                for file in r.updated + r.added { files[file.path] = file }
            }
            return files
        }
    }

    private func twoPass(_ roots: [String], cache: (any ScanCache)? = nil, threads: Int = 2, batchSize: Int = 256,
                         reader: (any MetadataReader)? = Exiv2MetadataReader()) -> Outcome {
        let scanner = FileSystemScanner(roots: roots.map(RawPath.init), sniffer: GIOContentTypeSniffer(),
                                        metadataReader: reader, cache: cache)
        var outcome = Outcome()
        outcome.summary = scanner.scanInTwoPasses(batchSize: batchSize, verifyingThreads: threads,
                                                  onListed: { outcome.listed += $0 },
                                                  onListingFinished: { outcome.listingFinishedAfter = outcome.refinements.count },
                                                  onRefined: { outcome.refinements.append($0) })
        return outcome
    }

    private func singlePass(_ roots: [String]) -> [RawPath: DiscoveredFile] {
        let scanner = FileSystemScanner(roots: roots.map(RawPath.init), sniffer: GIOContentTypeSniffer(),
                                        metadataReader: Exiv2MetadataReader())
        return Dictionary(uniqueKeysWithValues: scanner.scanAll().files.map { ($0.path, $0) })
    }

    func testListingGoesByNameAndVerificationCorrectsIt() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        let root = sample.root
        try ImageFactory.write(root + "/no-extension", width: 16, height: 16, format: .jpeg)
        try ImageFactory.write(root + "/really-a-png.jpg", width: 16, height: 16, format: .png)
        let outcome = twoPass([root])

        let listedNames = Set(outcome.listed.map(\.path.lastComponent))
        XCTAssertTrue(listedNames.contains("notes.jpg"), "the listing goes by name: text named .jpg is listed at first")
        XCTAssertFalse(listedNames.contains("no-extension"), "no name, no listing")
        XCTAssertEqual(outcome.listingFinishedAfter, 0, "the listing finishes before any refinement")

        let removed = Set(outcome.refinements.flatMap(\.removed).map(\.lastComponent))
        XCTAssertEqual(removed, ["notes.jpg"], "verification drops the text file named .jpg")
        XCTAssertEqual(outcome.refinements.flatMap(\.added).map(\.path.lastComponent), ["no-extension"])
        let png = try XCTUnwrap(outcome.refinements.flatMap(\.updated).first { $0.path.lastComponent == "really-a-png.jpg" })
        XCTAssertEqual(png.mimeType, "image/png", "the content decides the type")

        XCTAssertEqual(outcome.final, singlePass([root]), "both passes together are exactly the single-pass scan")
        XCTAssertEqual(outcome.summary.mediaFound, outcome.final.count)
    }

    func testVerificationGoesNewestFirst() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        for i in 0..<6 {
            try ImageFactory.write(root + "/p\(i).jpg", width: 16, height: 16, format: .jpeg)
            try ImageFactory.setModified(root + "/p\(i).jpg", 1_700_000_000 + Double(i) * 60)
        }
        let outcome = twoPass([root], threads: 1, batchSize: 1)
        XCTAssertEqual(outcome.refinements.flatMap(\.updated).map(\.path.lastComponent),
                       ["p5.jpg", "p4.jpg", "p3.jpg", "p2.jpg", "p1.jpg", "p0.jpg"],
                       "the grid shows newest first: its tiles settle first")
    }

    func testListedFilesCarryNoMetadataUntilVerified() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try ImageFactory.write(root + "/IMG.jpg", width: 40, height: 30, format: .jpeg)
        try ExifWriter.write(root + "/IMG.jpg", tags: [("Exif.Photo.DateTimeOriginal", "2021:05:06 07:08:09")])
        let outcome = twoPass([root])
        XCTAssertEqual(outcome.listed.first?.metadata, AssetMetadata(), "nothing read yet: the date is the mtime")
        let verified = try XCTUnwrap(outcome.refinements.first?.updated.first)
        XCTAssertEqual(verified.metadata.dateSource, .exif)
        XCTAssertEqual(verified.metadata.pixelWidth, 40)
    }

    func testAKnownFileIsCompleteInTheListingAndNotOpenedAgain() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        let cache = MemoryCache()
        _ = twoPass([sample.root], cache: cache)
        XCTAssertEqual(cache.notMedia.map(\.path.lastComponent).sorted(), ["notes.jpg", "readme.txt"],
                       "non-media files are remembered too")
        let second = twoPass([sample.root], cache: cache, reader: nil)
        XCTAssertTrue(second.refinements.isEmpty, "nothing left to verify")
        XCTAssertEqual(Set(second.listed.map(\.path)), Set(sample.newestFirst.map(RawPath.init)),
                       "known non-media files are not listed, not even by their name")
        XCTAssertTrue(second.listed.allSatisfy { $0.metadata.pixelWidth == 320 }, "metadata from the cache")
        XCTAssertEqual(cache.prepared.count, 2 * Set(cache.prepared).count, "each folder prepared once per scan")
    }

    func testSeveralThreadsFindTheSame() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        for i in 0..<40 {
            try ImageFactory.write(root + "/f\(i / 10)/p\(i).jpg", width: 16, height: 16, format: i % 7 == 0 ? .png : .jpeg)
        }
        try Data("text".utf8).write(to: URL(fileURLWithPath: root + "/f0/fake.png"))
        let one = twoPass([root], threads: 1, batchSize: 3).final
        let three = twoPass([root], threads: 3, batchSize: 3).final
        XCTAssertEqual(one, three)
        XCTAssertEqual(one.count, 40)
    }

    func testNamesGuessTheCommonTypes() {
        XCTAssertEqual(MediaTypeByName.guess(Array("IMG_1.JPG".utf8)), "image/jpeg")
        XCTAssertEqual(MediaTypeByName.guess(Array("clip.MoV".utf8)), "video/quicktime")
        XCTAssertEqual(MediaTypeByName.guess(Array("a.heic".utf8)), "image/heif")
        XCTAssertNil(MediaTypeByName.guess(Array("notes.txt".utf8)))
        XCTAssertNil(MediaTypeByName.guess(Array("jpg".utf8)), "no dot, no extension")
        XCTAssertNil(MediaTypeByName.guess(Array(".jpg".utf8)), "a dot file is not named .jpg")
        XCTAssertNil(MediaTypeByName.guess([0x61, 0x2E, 0xFF, 0x70, 0x67]), "bytes that are not ASCII")
    }
}

/// A scan cache in memory, recording what it is asked.
private final class MemoryCache: ScanCache, @unchecked Sendable {
    private let lock = NSLock()
    private var rows: [RawPath: (Int64, Double, CachedFileInfo)] = [:]
    private(set) var notMedia: [ScannedStamp] = []
    private(set) var prepared: [RawPath] = []

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func prepare(folder: RawPath) { locked { prepared.append(folder) } }
    func lookup(_ path: RawPath, size: Int64, modified: Double) -> CachedFileInfo? {
        locked { rows[path].flatMap { $0.0 == size && $0.1 == modified ? $0.2 : nil } }
    }
    func store(_ files: [DiscoveredFile]) {
        locked {
            for f in files { rows[f.path] = (f.sizeBytes, f.modified, CachedFileInfo(mimeType: f.mimeType, metadata: f.metadata)) }
        }
    }
    func storeNotMedia(_ files: [ScannedStamp]) {
        locked {
            notMedia += files
            for f in files { rows[f.path] = (f.size, f.modified, CachedFileInfo(mimeType: "", metadata: AssetMetadata())) }
        }
    }
    func flush() {}
    func forget(_ paths: [RawPath]) { locked { for p in paths { rows[p] = nil } } }
}
