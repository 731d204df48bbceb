import PhotoPickCore
import TestSupportCore
import XCTest

final class AlbumTreeTests: XCTestCase {
    private func folders(_ relativePaths: [String]) -> [Album] {
        let assets = relativePaths.enumerated().map { i, path in
            Fixture.asset(i + 1, path, at: Fixture.seconds(2024, 1, 1) + Double(i))
        }
        return Fixture.source(assets).albums.filter { $0.kind == .folder }
    }

    func testFoldersInNaturalOrderEachAfterItsParent() {
        let albums = folders([
            "top.jpg", "album10/a.jpg", "album2/b.jpg", "Album1/c.jpg",
            "album2/day 10/d.jpg", "album2/day 9/e.jpg", "zoo/f.jpg",
        ])
        XCTAssertEqual(albums.map(\.title), ["Pictures", "Album1", "album2", "album2/day 9", "album2/day 10", "album10", "zoo"])
        XCTAssertEqual(albums.map(\.depth), [0, 1, 1, 2, 2, 1, 1])
        XCTAssertEqual(albums.map(\.shortTitle), ["Pictures", "Album1", "album2", "day 9", "day 10", "album10", "zoo"])
        let root = AlbumID.folder(RawPath(Fixture.root))
        XCTAssertEqual(albums[0].parent, nil)
        XCTAssertEqual(albums[1].parent, root)
        XCTAssertEqual(albums[3].parent, .folder(RawPath(Fixture.root + "/album2")))
    }

    /// Folders without media of their own are no albums; their albums hang from the nearest
    /// album further up (or are top-level).
    func testFoldersWithoutMediaAreSkippedInTheTree() {
        let albums = folders(["2024/Trip/Day 1/a.jpg", "2024/Trip/b.jpg", "2023/Summer/Beach/c.jpg"])
        XCTAssertEqual(albums.map(\.title), ["2023/Summer/Beach", "2024/Trip", "2024/Trip/Day 1"])
        XCTAssertEqual(albums.map(\.depth), [0, 0, 1])
        XCTAssertEqual(albums.map(\.shortTitle), ["2023/Summer/Beach", "2024/Trip", "Day 1"])
        XCTAssertEqual(albums[2].parent, .folder(RawPath(Fixture.root + "/2024/Trip")))
        XCTAssertNil(albums[1].parent)
    }

    /// Through a filter, a folder whose parent album is filtered out hangs from the next one up.
    func testFilteredTreeStaysWhole() {
        let assets = [
            Fixture.asset(1, "top.jpg", at: 1),
            Fixture.asset(2, "2024/a.jpg", at: 2),
            Fixture.asset(3, "2024/Trip/b.png", at: 3, mime: "image/png"),
            Fixture.asset(4, "2024/Trip/Day 1/c.png", at: 4, mime: "image/png"),
        ]
        let source = Fixture.source(assets)
        XCTAssertEqual(source.albums.filter { $0.kind == .folder }.map(\.depth), [0, 1, 2, 3])
        let png = source.albums(matching: AssetFilter([.png])).filter { $0.kind == .folder }
        XCTAssertEqual(png.map(\.title), ["2024/Trip", "2024/Trip/Day 1"])
        XCTAssertEqual(png.map(\.depth), [0, 1])
        XCTAssertEqual(png.map(\.parent), [nil, .folder(RawPath(Fixture.root + "/2024/Trip"))])
        XCTAssertEqual(png.map(\.shortTitle), ["2024/Trip", "Day 1"])
        let jpeg = source.albums(matching: AssetFilter([.jpeg])).filter { $0.kind == .folder }
        XCTAssertEqual(jpeg.map(\.shortTitle), ["Pictures", "2024"])
        XCTAssertEqual(jpeg.map(\.depth), [0, 1])
    }

    func testSmartAlbumsHaveNoParentOrDepth() {
        let all = Fixture.source([Fixture.asset(1, "a/b/c.jpg", at: 0)]).albums[0]
        XCTAssertEqual(all.id, .allPhotos)
        XCTAssertNil(all.parent)
        XCTAssertEqual(all.depth, 0)
        XCTAssertEqual(all.shortTitle, "All Photos")
    }
}
