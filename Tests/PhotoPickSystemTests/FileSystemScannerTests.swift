import Foundation
@testable import PhotoPickCore
@testable import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class FileSystemScannerTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private func scan(_ roots: [String], batchSize: Int = 256) -> (files: [DiscoveredFile], summary: FileSystemScanner.Summary) {
        let scanner = FileSystemScanner(roots: roots.map(RawPath.init), sniffer: GIOContentTypeSniffer())
        var files: [DiscoveredFile] = []
        let summary = scanner.scan(batchSize: batchSize) { files.append(contentsOf: $0) }
        return (files, summary)
    }

    private func names(_ files: [DiscoveredFile]) -> [String] { files.map(\.path.lastComponent).sorted() }

    func testSampleLibraryFindsExactlyTheSevenMediaFiles() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        let (files, summary) = scan([sample.root])

        XCTAssertEqual(files.count, 7)
        XCTAssertEqual(Set(files.map(\.path.description)), Set(sample.newestFirst))
        XCTAssertEqual(summary.mediaFound, 7)
        XCTAssertEqual(summary.filesSeen, 9, "7 media + notes.jpg + readme.txt; the hidden folder is not entered")
        XCTAssertEqual(summary.problems, [])
        for file in files {
            XCTAssertEqual(file.root, RawPath(sample.root))
            XCTAssertEqual(file.kind, .photo)
            XCTAssertEqual(file.mimeType, file.path.description.hasSuffix(".png") ? "image/png" : "image/jpeg")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path.description)
            XCTAssertEqual(file.sizeBytes, (attributes[.size] as? NSNumber)?.int64Value)
            XCTAssertEqual(file.modified, (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0, accuracy: 0.001)
        }
        // SampleLibrary stamps one hour between files, oldest trip-1 at 1_700_000_000.
        let trip1 = try XCTUnwrap(files.first { $0.path.lastComponent == "trip-1.jpg" })
        XCTAssertEqual(trip1.modified, 1_700_000_000, accuracy: 0.001)
    }

    func testSkipsHiddenFoldersAndFiles() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        try ImageFactory.write(sample.root + "/.dot.jpg", width: 8, height: 8, format: .jpeg)
        try ImageFactory.write(sample.root + "/Screenshots/.cache/thumb.png", width: 8, height: 8, format: .png)
        let (files, _) = scan([sample.root])
        XCTAssertFalse(files.contains { $0.path.description.contains("/.") }, "\(files.map(\.path))")
        XCTAssertEqual(files.count, 7)
    }

    func testRejectsTextFilesWhateverTheirName() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        let found = names(scan([sample.root]).files)
        XCTAssertFalse(found.contains("notes.jpg"))
        XCTAssertFalse(found.contains("readme.txt"))
    }

    func testContentDecidesTheTypeNotTheName() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try ImageFactory.write(root + "/really-a-png.jpg", width: 16, height: 16, format: .png)
        try ImageFactory.write(root + "/no-extension", width: 16, height: 16, format: .jpeg)
        let files = scan([root]).files
        XCTAssertEqual(names(files), ["no-extension", "really-a-png.jpg"])
        XCTAssertEqual(files.first { $0.path.lastComponent == "really-a-png.jpg" }?.mimeType, "image/png")
        XCTAssertEqual(files.first { $0.path.lastComponent == "no-extension" }?.mimeType, "image/jpeg")
    }

    func testEmptyFileIsSkipped() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try ImageFactory.write(root + "/real.jpg", width: 16, height: 16, format: .jpeg)
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/empty.jpg", contents: Data()))
        let (files, summary) = scan([root])
        XCTAssertEqual(names(files), ["real.jpg"])
        XCTAssertEqual(summary.filesSeen, 2)
    }

    func testSymlinkLoopTerminatesAndListsEachFileOnce() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try ImageFactory.write(root + "/a/one.jpg", width: 16, height: 16, format: .jpeg)
        try ImageFactory.write(root + "/a/b/two.jpg", width: 16, height: 16, format: .jpeg)
        // a/b/up → a (its parent's parent) and a/loop → a itself: following either would never end.
        try FileManager.default.createSymbolicLink(atPath: root + "/a/b/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root + "/a/loop", withDestinationPath: ".")
        let (files, summary) = scan([root])
        XCTAssertEqual(names(files), ["one.jpg", "two.jpg"])
        XCTAssertEqual(Set(files.map { [$0.device, $0.inode] }).count, 2)
        XCTAssertEqual(summary.problems, [])
    }

    func testSymlinkAndHardLinkToAFileBecomeOneAsset() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try ImageFactory.write(root + "/original.jpg", width: 16, height: 16, format: .jpeg)
        try FileManager.default.createSymbolicLink(atPath: root + "/symlink.jpg", withDestinationPath: "original.jpg")
        try RawFiles.hardLink(root + "/hardlink.jpg", to: root + "/original.jpg")

        let files = scan([root]).files
        XCTAssertEqual(names(files), ["hardlink.jpg", "original.jpg", "symlink.jpg"], "the scan reports every name")
        XCTAssertEqual(Set(files.map { [$0.device, $0.inode] }).count, 1, "all three are the same file")

        let library = PhotoLibrary(roots: [RawPath(root)])
        XCTAssertEqual(library.add(files).count, 1)
        XCTAssertEqual(library.count, 1)
        XCTAssertEqual(library.albums.first?.count, 1)
    }

    func testDanglingSymlinkIsSkippedSilently() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try ImageFactory.write(root + "/real.jpg", width: 16, height: 16, format: .jpeg)
        try FileManager.default.createSymbolicLink(atPath: root + "/gone.jpg", withDestinationPath: root + "/missing.jpg")
        try FileManager.default.createSymbolicLink(atPath: root + "/gone-dir", withDestinationPath: root + "/missing-dir")
        let (files, summary) = scan([root])
        XCTAssertEqual(names(files), ["real.jpg"])
        XCTAssertEqual(summary.problems, [])
    }

    func testFIFONamedLikeAPhotoIsSkippedWithoutBlocking() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try ImageFactory.write(root + "/real.jpg", width: 16, height: 16, format: .jpeg)
        try RawFiles.makeFIFO(root + "/x.jpg")
        // Opening a FIFO for reading blocks until a writer appears: returning at all is the test.
        let (files, summary) = scan([root])
        XCTAssertEqual(names(files), ["real.jpg"])
        XCTAssertEqual(summary.filesSeen, 1, "a FIFO is not a regular file")
        XCTAssertEqual(summary.problems, [])
        // A regular file swapped for a FIFO after the stat: reading the head must not block either.
        XCTAssertNil(FileSystemCalls.readHead(RawPath(root + "/x.jpg"), length: 16))
    }

    func testAwkwardFileNamesAreFoundByteExact() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try ImageFactory.write(root + "/source.jpg", width: 16, height: 16, format: .jpeg)
        let jpeg = try RawFiles.read(root + "/source.jpg")
        try FileManager.default.removeItem(atPath: root + "/source.jpg")

        let awkward: [[UInt8]] = [
            Array("-new\nline\ttab".utf8) + [0xFF] + Array(".jpg".utf8),  // all at once
            Array("line\nbreak.jpg".utf8),
            Array("tab\there.jpg".utf8),
            Array("--leading-dash.jpg".utf8),
            [0xFF, 0xFE] + Array(".jpg".utf8),
            Array("sub".utf8) + [0xED, 0xA0, 0x80] + Array(".jpg".utf8),
        ]
        for name in awkward { try RawFiles.write(jpeg, to: RawPath(root).appending(component: name)) }

        let files = scan([root]).files
        XCTAssertEqual(Set(files.map { Array($0.path.lastComponentBytes) }), Set(awkward))
        XCTAssertEqual(files.count, awkward.count)
        for file in files {
            XCTAssertEqual(file.path, RawPath(root).appending(component: file.path.lastComponentBytes))
            XCTAssertEqual(file.mimeType, "image/jpeg")
        }
    }

    func testUnreadableFolderIsReportedAsPermissionDenied() throws {
        if getuid() == 0 { throw XCTSkip("running as root: permissions are not enforced") }
        let dir = TemporaryDirectory()
        let root = dir.path + "/lib"
        try ImageFactory.write(root + "/ok.jpg", width: 16, height: 16, format: .jpeg)
        try ImageFactory.write(root + "/locked/hidden-from-us.jpg", width: 16, height: 16, format: .jpeg)
        XCTAssertEqual(chmod(root + "/locked", 0), 0)
        let (files, summary) = scan([root])
        XCTAssertEqual(names(files), ["ok.jpg"])
        XCTAssertEqual(summary.problems.count, 1)
        let problem = try XCTUnwrap(summary.problems.first)
        XCTAssertEqual(problem.path, RawPath(root + "/locked"))
        XCTAssertTrue(problem.isPermissionDenied, "\(problem)")
    }

    func testMissingRootIsAProblemButNotPermissionDenied() throws {
        let dir = TemporaryDirectory()
        let (files, summary) = scan([dir.path + "/nowhere"])
        XCTAssertEqual(files, [])
        let problem = try XCTUnwrap(summary.problems.first)
        XCTAssertEqual(summary.problems.count, 1)
        XCTAssertEqual(problem.code, ENOENT)
        XCTAssertFalse(problem.isPermissionDenied)
    }

    func testBatchesRespectBatchSize() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        let scanner = FileSystemScanner(roots: [RawPath(sample.root)], sniffer: GIOContentTypeSniffer())
        for (size, expected) in [(3, [3, 3, 1]), (7, [7]), (1, [1, 1, 1, 1, 1, 1, 1]), (100, [7])] {
            var batches: [[DiscoveredFile]] = []
            let summary = scanner.scan(batchSize: size) { batches.append($0) }
            XCTAssertEqual(batches.map(\.count), expected, "batchSize \(size)")
            XCTAssertEqual(summary.mediaFound, 7)
            XCTAssertEqual(Set(batches.joined().map(\.path)).count, 7)
            XCTAssertEqual(batches.joined().map(\.path), scanner.scanAll().files.map(\.path), "same order as scanAll")
        }
    }

    func testScansEveryRoot() throws {
        let dir = TemporaryDirectory()
        try ImageFactory.write(dir.path + "/Pictures/p.jpg", width: 16, height: 16, format: .jpeg)
        try ImageFactory.write(dir.path + "/Videos/v.png", width: 16, height: 16, format: .png)
        let files = scan([dir.path + "/Pictures", dir.path + "/Videos"]).files
        XCTAssertEqual(names(files), ["p.jpg", "v.png"])
        XCTAssertEqual(files.first { $0.path.lastComponent == "v.png" }?.root, RawPath(dir.path + "/Videos"))
    }
}
