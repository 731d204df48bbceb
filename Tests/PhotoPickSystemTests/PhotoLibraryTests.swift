import Foundation
import PhotoPickCore
import PhotoPickSystem
import PhotoPickMedia
import TestSupport
import XCTest

final class PhotoLibraryTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private func scanned(_ roots: [String]) -> [DiscoveredFile] {
        FileSystemScanner(roots: roots.map(RawPath.init), sniffer: GIOContentTypeSniffer()).scanAll().files
    }

    private func sampleLibrary(_ dir: TemporaryDirectory) throws -> (SampleLibrary, PhotoLibrary) {
        let sample = try SampleLibrary.make(in: dir)
        let library = PhotoLibrary(roots: [RawPath(sample.root)])
        library.add(scanned([sample.root]))
        return (sample, library)
    }

    private func paths(_ library: PhotoLibrary, _ album: Album) -> [String] {
        album.assetIDs.compactMap { library.asset($0)?.path.description }
    }

    /// Without a metadata reader nothing is known to be a screenshot, so the only smart album
    /// is All Photos; the folders follow as a tree (the root holds beach.jpg, so it comes first).
    func testAlbumsAreAllPhotosThenTheFolderTree() throws {
        let dir = TemporaryDirectory()
        let (sample, library) = try sampleLibrary(dir)
        let albums = library.albums
        XCTAssertEqual(albums.map(\.title), ["All Photos", "Pictures", "2024/Trip", "Screenshots"])
        XCTAssertEqual(albums.map(\.count), [7, 1, 4, 2])
        XCTAssertEqual(albums.first?.id, .allPhotos)
        XCTAssertEqual(albums[2].id, .folder(RawPath(sample.root + "/2024/Trip")))
        XCTAssertEqual(albums[1].id, .folder(RawPath(sample.root)))
        XCTAssertEqual(paths(library, albums[1]), [sample.root + "/beach.jpg"])
        XCTAssertEqual(paths(library, albums[3]), [sample.root + "/Screenshots/shot-2.png", sample.root + "/Screenshots/shot-1.png"])
    }

    func testAssetsAreNewestFirst() throws {
        let dir = TemporaryDirectory()
        let (sample, library) = try sampleLibrary(dir)
        XCTAssertEqual(paths(library, library.albums[0]), sample.newestFirst)
        XCTAssertEqual(library.assets(in: .allPhotos).map(\.path.description), sample.newestFirst)
        let trip = library.assets(in: .folder(RawPath(sample.root + "/2024/Trip"))).map(\.name)
        XCTAssertEqual(trip, ["trip-4.jpg", "trip-3.jpg", "trip-2.jpg", "trip-1.jpg"])
    }

    func testEqualDatesFallBackToPathOrder() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/Pictures"
        for name in ["c.jpg", "a.jpg", "b.jpg"] {
            try ImageFactory.write(root + "/" + name, width: 8, height: 8, format: .jpeg)
            try ImageFactory.setModified(root + "/" + name, 1_600_000_000)
        }
        let library = PhotoLibrary(roots: [RawPath(root)])
        library.add(scanned([root]))
        XCTAssertEqual(library.assets(in: .allPhotos).map(\.name), ["a.jpg", "b.jpg", "c.jpg"])
    }

    func testAlbumNamed() throws {
        let dir = TemporaryDirectory()
        let (sample, library) = try sampleLibrary(dir)
        XCTAssertEqual(library.album(named: "2024/Trip")?.id, .folder(RawPath(sample.root + "/2024/Trip")))
        XCTAssertEqual(library.album(named: "Pictures")?.count, 1)
        XCTAssertEqual(library.album(named: "All Photos")?.id, .allPhotos)
        XCTAssertNil(library.album(named: "2024"), "a folder without media of its own is no album")
        XCTAssertNil(library.album(named: "screenshots"), "titles match exactly")
        XCTAssertNil(library.album(named: "Nope"))
    }

    func testAssetsCarryWhatTheScanFound() throws {
        let dir = TemporaryDirectory()
        let (sample, library) = try sampleLibrary(dir)
        let beach = try XCTUnwrap(library.assets(in: .allPhotos).first)
        XCTAssertEqual(beach.path, RawPath(sample.root + "/beach.jpg"))
        XCTAssertEqual(beach.name, "beach.jpg")
        XCTAssertEqual(beach.mimeType, "image/jpeg")
        XCTAssertEqual(beach.kind, .photo)
        XCTAssertEqual(beach.albumID, .folder(RawPath(sample.root)))
        XCTAssertEqual(beach.dateSeconds, 1_700_000_000 + 6 * 3600)
        XCTAssertEqual(library.asset(beach.id), beach)
        XCTAssertEqual(Set(library.assets(in: .allPhotos).map(\.id)).count, 7, "identifiers are unique")
    }

    func testTwoRootsPrefixSubfolderTitlesWithTheRootName() throws {
        let dir = TemporaryDirectory()
        try ImageFactory.write(dir.path + "/Pictures/top.jpg", width: 8, height: 8, format: .jpeg)
        try ImageFactory.write(dir.path + "/Pictures/Trip/t.jpg", width: 8, height: 8, format: .jpeg)
        try ImageFactory.write(dir.path + "/Videos/Clips/c.png", width: 8, height: 8, format: .png)
        let roots = [dir.path + "/Pictures", dir.path + "/Videos"]
        let library = PhotoLibrary(roots: roots.map(RawPath.init))
        library.add(scanned(roots))
        // Files written just now are Recently Added.
        XCTAssertEqual(library.albums.map(\.title), ["All Photos", "Recently Added", "Pictures", "Pictures/Trip", "Videos/Clips"])
        XCTAssertEqual(library.albums.map(\.count), [3, 3, 1, 1, 1])
        XCTAssertEqual(library.title(forFolder: RawPath(dir.path + "/Videos")), "Videos")
    }

    func testNestedRootsUseTheInnermostRoot() {
        let library = PhotoLibrary(roots: [RawPath("/home/u/Pictures"), RawPath("/home/u/Pictures/Phone")])
        XCTAssertEqual(library.title(forFolder: RawPath("/home/u/Pictures/Phone/2024")), "Phone/2024")
        XCTAssertEqual(library.title(forFolder: RawPath("/home/u/Pictures/Phone")), "Phone")
        XCTAssertEqual(library.title(forFolder: RawPath("/home/u/Pictures/Other")), "Pictures/Other")
    }

    func testAddingTheSameFilesTwiceAddsNothing() throws {
        let dir = TemporaryDirectory()
        let (sample, library) = try sampleLibrary(dir)
        let ids = library.albums[0].assetIDs
        XCTAssertEqual(library.add(scanned([sample.root])), [])
        XCTAssertEqual(library.count, 7)
        XCTAssertEqual(library.albums[0].assetIDs, ids, "identifiers are stable")
    }

    func testAlbumsFollowLaterBatches() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        let files = scanned([sample.root])
        let library = PhotoLibrary(roots: [RawPath(sample.root)])
        let trip = files.filter { $0.path.description.contains("/Trip/") }
        XCTAssertEqual(library.add(trip).count, 4)
        XCTAssertEqual(library.albums.map(\.title), ["All Photos", "2024/Trip"])
        let added = library.add(files)
        XCTAssertEqual(added.count, 3, "only the files not added before")
        XCTAssertEqual(library.albums.map(\.title), ["All Photos", "Pictures", "2024/Trip", "Screenshots"])
        XCTAssertEqual(library.assets(in: .allPhotos).map(\.path.description), sample.newestFirst)
    }

    func testRecordsProblems() {
        let library = PhotoLibrary(roots: [RawPath("/x")])
        let problem = ScanProblem(path: RawPath("/x/locked"), code: 13, reason: "Permission denied")
        library.record(problems: [problem])
        XCTAssertEqual(library.problems, [problem])
        XCTAssertTrue(problem.isPermissionDenied)
        XCTAssertEqual(problem.description, "/x/locked: Permission denied")
    }
}
