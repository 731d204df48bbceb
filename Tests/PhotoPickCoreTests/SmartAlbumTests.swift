import PhotoPickCore
import TestSupportCore
import XCTest

final class SmartAlbumTests: XCTestCase {
    private let now = Fixture.seconds(2024, 6, 30)

    private func library() -> FixtureAlbumSource {
        let day = { (d: Int) in Fixture.seconds(2024, 6, d) }
        return Fixture.source([
            Fixture.asset(1, "Camera/old.jpg", at: Fixture.seconds(2023, 1, 5), modified: Fixture.seconds(2023, 1, 5)),
            Fixture.asset(2, "Camera/clip.mp4", at: day(2), mime: "video/mp4", rating: 5),
            Fixture.asset(3, "Camera/pano.jpg", at: day(3), width: 8000, height: 4000),
            Fixture.asset(4, "Camera/tall-pano.jpg", at: day(4), width: 1000, height: 3000, orientation: 6),
            Fixture.asset(5, "Camera/almost.jpg", at: day(5), width: 3999, height: 2000),
            Fixture.asset(6, "Shots/s1.png", at: day(6), mime: "image/png", screenshot: true),
            Fixture.asset(7, "Camera/fav4.jpg", at: day(7), rating: 4),
            Fixture.asset(8, "Camera/fav3.jpg", at: day(8), rating: 3),
            // Taken long ago, copied here within the last 30 days: recently *added*.
            Fixture.asset(9, "Camera/copied.jpg", at: Fixture.seconds(2010, 1, 1), modified: now - 29 * 86_400),
            Fixture.asset(10, "Camera/edge.jpg", at: Fixture.seconds(2010, 1, 2), modified: now - 31 * 86_400),
        ], now: now)
    }

    private func ids(_ source: AlbumSource, _ id: AlbumID) -> [Int] {
        (source.album(id)?.assetIDs ?? []).map { Int($0.rawValue) }
    }

    func testSmartAlbumsComeFirstInTheirOrder() {
        let albums = library().albums
        XCTAssertEqual(albums.prefix(6).map(\.title), ["All Photos", "Videos", "Screenshots", "Recently Added", "Favorites", "Panoramas"])
        XCTAssertEqual(albums.prefix(6).map(\.id), [.allPhotos, .videos, .screenshots, .recentlyAdded, .favorites, .panoramas])
        XCTAssertEqual(albums.prefix(6).map(\.kind), SmartAlbumKind.allCases.map(AlbumKind.smart))
        XCTAssertEqual(albums.dropFirst(6).map(\.title), ["Camera", "Shots"])
        XCTAssertTrue(albums.dropFirst(6).allSatisfy { $0.kind == .folder && $0.id.smartKind == nil })
    }

    func testMembership() {
        let source = library()
        XCTAssertEqual(ids(source, .allPhotos), [8, 7, 6, 5, 4, 3, 2, 1, 10, 9], "photos and videos, newest first")
        XCTAssertEqual(ids(source, .videos), [2])
        XCTAssertEqual(ids(source, .screenshots), [6])
        XCTAssertEqual(ids(source, .favorites), [7, 2], "rating 4 and 5, not 3")
        XCTAssertEqual(ids(source, .panoramas), [4, 3], "2:1 and wider as displayed; 3999×2000 is not")
    }

    func testRecentlyAddedGoesByModificationTimeAgainstTheInjectedClock() {
        XCTAssertEqual(ids(library(), .recentlyAdded), [8, 7, 6, 5, 4, 3, 2, 9])
        let later = Fixture.source([Fixture.asset(1, "a.jpg", at: now)], now: now + 31 * 86_400)
        XCTAssertNil(later.album(.recentlyAdded), "a month later nothing is recent")
    }

    func testEmptySmartAlbumsAreLeftOutButAllPhotosStays() {
        let plain = Fixture.source([Fixture.asset(1, "a.jpg", at: Fixture.seconds(2020, 1, 1))])
        XCTAssertEqual(plain.albums.map(\.title), ["All Photos", "Pictures"])
        let empty = Fixture.source([])
        XCTAssertEqual(empty.albums.map(\.id), [.allPhotos])
        XCTAssertEqual(empty.albums.first?.count, 0)
        XCTAssertNil(empty.albums.first?.posterID)
    }

    func testPosterIsTheNewestAndCountsAreExact() {
        let source = library()
        XCTAssertEqual(source.album(.allPhotos)?.posterID, AssetID(8))
        XCTAssertEqual(source.album(.favorites)?.posterID, AssetID(7))
        let all = source.album(.allPhotos)!
        XCTAssertEqual(all.count, 10)
        // Counts through a filter, as the sidebar shows them.
        func count(_ filter: AssetFilter) -> Int? { source.albums(matching: filter).first { $0.id == .allPhotos }?.count }
        XCTAssertEqual(count(AssetFilter([.video])), 1)
        XCTAssertEqual(count(AssetFilter([.png])), 1)
        XCTAssertEqual(count(.all), 10)
    }

    func testAlbumsThroughAFilter() {
        let albums = library().albums(matching: AssetFilter([.video]))
        XCTAssertEqual(albums.map(\.title), ["All Photos", "Videos", "Recently Added", "Favorites", "Camera"])
        XCTAssertEqual(albums.map(\.count), [1, 1, 1, 1, 1])
        XCTAssertEqual(library().albums(matching: AssetFilter([.gif])).map(\.title), ["All Photos"], "All Photos stays, empty")
    }

    func testSmartAlbumsByNameAndIdentifier() {
        let source = library()
        XCTAssertEqual(source.album(named: "Recently Added")?.id, .recentlyAdded)
        XCTAssertEqual(source.album(named: "Panoramas")?.count, 2)
        XCTAssertNil(source.album(named: "favorites"), "titles match exactly")
        for kind in SmartAlbumKind.allCases {
            XCTAssertEqual(AlbumID(kind).smartKind, kind)
        }
        XCTAssertNil(AlbumID.folder(RawPath("/x")).smartKind)
        XCTAssertEqual(SmartAlbumKind.recentlyAdded.rawValue, "recently_added")
    }

    func testAlbumIDOrderPutsSmartAlbumsFirst() {
        let ids: [AlbumID] = [.folder(RawPath("/a")), .panoramas, .allPhotos, .videos, .folder(RawPath("/A"))]
        XCTAssertEqual(ids.sorted(), [.allPhotos, .videos, .panoramas, .folder(RawPath("/A")), .folder(RawPath("/a"))])
    }
}
