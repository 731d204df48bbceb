import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest

/// The album tree of a library scanned from disk (the in-memory cases are in Core's AlbumTreeTests).
final class AlbumTreeScanTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    /// The scanned sample: the root album holds beach.jpg, so the two folders below it nest.
    func testScannedSampleLibraryIsATree() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        let library = PhotoLibrary(roots: [RawPath(sample.root)])
        library.add(FileSystemScanner(roots: library.roots, sniffer: GIOContentTypeSniffer()).scanAll().files)
        let folders = library.albums.filter { $0.kind == .folder }
        XCTAssertEqual(folders.map(\.title), ["Pictures", "2024/Trip", "Screenshots"])
        XCTAssertEqual(folders.map(\.depth), [0, 1, 1])
        XCTAssertEqual(folders.map(\.parent), [nil, .folder(RawPath(sample.root)), .folder(RawPath(sample.root))])
        XCTAssertEqual(library.album(named: "2024/Trip")?.shortTitle, "2024/Trip")
    }

    func testRevisionChangesWithTheLibrary() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        let library = PhotoLibrary(roots: [RawPath(sample.root)])
        let files = FileSystemScanner(roots: library.roots, sniffer: GIOContentTypeSniffer()).scanAll().files
        let before = library.revision
        library.add(Array(files.prefix(2)))
        XCTAssertNotEqual(library.revision, before)
        let middle = library.revision
        _ = library.albums
        XCTAssertEqual(library.revision, middle, "reading builds the albums but changes nothing")
        library.add(Array(files.prefix(2)))
        XCTAssertEqual(library.revision, middle, "adding nothing new changes nothing")
    }
}
