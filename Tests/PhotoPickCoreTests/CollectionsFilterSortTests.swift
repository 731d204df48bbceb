import PhotoPickCore
import TestSupportCore
import XCTest

final class CollectionsFilterSortTests: XCTestCase {
    private func s(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 12, _ mi: Int = 0, offset: Int = 0) -> Double {
        Fixture.seconds(y, mo, d, h, mi, offset: offset)
    }

    /// Newest first: IMG_10.jpg … beach.JPG.
    private func library() -> FixtureAlbumSource {
        Fixture.source([
            Fixture.asset(1, "a/beach.JPG", at: s(2024, 1, 1), size: 300),
            Fixture.asset(2, "a/IMG_2.heic", at: s(2024, 1, 2), mime: "image/heic", size: 900, rating: 5),
            Fixture.asset(3, "a/Screenshot 1.png", at: s(2024, 1, 3), mime: "image/png", size: 100, screenshot: true),
            Fixture.asset(4, "a/anim.gif", at: s(2024, 1, 4), mime: "image/gif", size: 50),
            Fixture.asset(5, "a/clip.mp4", at: s(2024, 1, 5), mime: "video/mp4", size: 5000, rating: 4),
            Fixture.asset(6, "a/IMG_10.jpg", at: s(2024, 1, 6), size: 900, rating: 4),
            Fixture.asset(7, "a/fav shot.png", at: s(2024, 1, 7), mime: "image/png", size: 120, rating: 5, screenshot: true),
            Fixture.asset(8, "a/scan.webp", at: s(2024, 1, 8), mime: "image/webp", size: 700),
        ])
    }

    private func shown(_ filter: [AssetFilter.Term], sort: AssetSort = .dateDescending,
                       grouping: AssetGrouping = .none) -> [UInt32] {
        library().collection(of: .allPhotos, grouping: grouping, filter: AssetFilter(filter), sort: sort).assetIDs.map(\.rawValue)
    }

    func testKeywordFilters() {
        XCTAssertEqual(shown([]), [8, 7, 6, 5, 4, 3, 2, 1])
        XCTAssertEqual(shown([.photo]), [8, 7, 6, 4, 3, 2, 1])
        XCTAssertEqual(shown([.video]), [5])
        XCTAssertEqual(shown([.jpeg]), [6, 1])
        XCTAssertEqual(shown([.png]), [7, 3])
        XCTAssertEqual(shown([.heic]), [2])
        XCTAssertEqual(shown([.gif]), [4])
        XCTAssertEqual(shown([.screenshot]), [7, 3])
        XCTAssertEqual(shown([.favorite]), [7, 6, 5, 2])
    }

    func testTypeTermsAreAlternativesPropertiesMustAllHold() {
        XCTAssertEqual(shown([.jpeg, .png]), [7, 6, 3, 1], "JPEG or PNG")
        XCTAssertEqual(shown([.photo, .favorite]), [7, 6, 2], "favourite photos")
        XCTAssertEqual(shown([.screenshot, .favorite]), [7], "favourite screenshots")
        XCTAssertEqual(shown([.video, .gif, .favorite]), [5], "favourite videos or GIFs")
        XCTAssertEqual(shown([.heic, .glob("*.jpg")]), [], "a HEIC named *.jpg: none")
        XCTAssertEqual(shown([.photo, .glob("img_*"), .favorite]), [6, 2])
    }

    func testMimeTypesWithWildcards() {
        XCTAssertEqual(shown([.mimeType("image/*")]), [8, 7, 6, 4, 3, 2, 1])
        XCTAssertEqual(shown([.mimeType("video/*")]), [5])
        XCTAssertEqual(shown([.mimeType("IMAGE/WEBP")]), [8], "MIME types are case-insensitive")
        XCTAssertEqual(shown([.mimeType("image/webp"), .video]), [8, 5])
        XCTAssertEqual(shown([.mimeType("audio/*")]), [])
    }

    func testGlobsMatchNamesCaseInsensitively() {
        XCTAssertEqual(shown([.glob("*.jpg")]), [6, 1])
        XCTAssertEqual(shown([.glob("*.jpg"), .glob("*.png")]), [7, 6, 3, 1], "patterns are alternatives")
        XCTAssertEqual(shown([.glob("IMG_?.*")]), [2])
        XCTAssertEqual(shown([.glob("[a-c]*")]), [5, 4, 1], "clip, anim, beach")
        XCTAssertEqual(shown([.glob("[!a-s]*")]), [], "every name starts with a–s")
    }

    func testFilterTermsParseFromTheCommandLine() {
        XCTAssertEqual(AssetFilter.Term(parsing: "photo"), .photo)
        XCTAssertEqual(AssetFilter.Term(parsing: "JPEG"), .jpeg)
        XCTAssertEqual(AssetFilter.Term(parsing: "mime:image/*"), .mimeType("image/*"))
        XCTAssertEqual(AssetFilter.Term(parsing: "glob:*.JPG"), .glob("*.JPG"))
        XCTAssertNil(AssetFilter.Term(parsing: "mime:"))
        XCTAssertNil(AssetFilter.Term(parsing: "raw"))
        XCTAssertEqual(AssetFilter([.png, .png, .gif]).terms, [.png, .gif], "repeats collapse")
        XCTAssertTrue(AssetFilter.all.isEmpty)
    }

    func testSorts() {
        XCTAssertEqual(shown([], sort: .dateAscending), [1, 2, 3, 4, 5, 6, 7, 8])
        // Natural order: IMG_2 before IMG_10, case-insensitive.
        XCTAssertEqual(library().collection(of: .allPhotos, sort: .name).assetIDs.map { library().asset($0)!.name },
                       ["anim.gif", "beach.JPG", "clip.mp4", "fav shot.png", "IMG_2.heic", "IMG_10.jpg", "scan.webp", "Screenshot 1.png"])
        // Largest first; equal sizes (2 and 6) newest first.
        XCTAssertEqual(shown([], sort: .size), [5, 6, 2, 8, 1, 7, 3, 4])
        XCTAssertEqual(AssetSort(rawValue: "date-asc"), .dateAscending)
    }

    func testEqualDatesKeepPathOrderAndAscendingIsItsReverse() {
        let t = s(2024, 2, 2)
        let source = Fixture.source([
            Fixture.asset(1, "x/c.jpg", at: t), Fixture.asset(2, "x/a.jpg", at: t), Fixture.asset(3, "x/b.jpg", at: t),
        ])
        XCTAssertEqual(Fixture.names(source, source.collection(of: .allPhotos).assetIDs), ["a.jpg", "b.jpg", "c.jpg"])
        XCTAssertEqual(Fixture.names(source, source.collection(of: .allPhotos, sort: .dateAscending).assetIDs),
                       ["c.jpg", "b.jpg", "a.jpg"])
    }

    /// With groups, the groups keep date order and the sort orders each group.
    func testSortWithinGroups() {
        let source = Fixture.source([
            Fixture.asset(1, "m/b-small.jpg", at: s(2024, 1, 10), size: 1),
            Fixture.asset(2, "m/a-big.jpg", at: s(2024, 1, 20), size: 9),
            Fixture.asset(3, "m/d-mid.jpg", at: s(2024, 2, 1), size: 5),
            Fixture.asset(4, "m/c-huge.jpg", at: s(2024, 2, 2), size: 99),
        ])
        let byName = source.collection(of: .allPhotos, grouping: .month, sort: .name)
        XCTAssertEqual(byName.groups.map(\.title), ["February 2024", "January 2024"])
        XCTAssertEqual(byName.groups.map { Fixture.names(source, $0.assetIDs) }, [["c-huge.jpg", "d-mid.jpg"], ["a-big.jpg", "b-small.jpg"]])
        let bySize = source.collection(of: .allPhotos, grouping: .month, sort: .size)
        XCTAssertEqual(bySize.assetIDs.map(\.rawValue), [4, 3, 2, 1])
    }

    func testFilteringAFolderAlbumAndAnUnknownAlbum() {
        let source = library()
        let folder = AlbumID.folder(RawPath(Fixture.root + "/a"))
        XCTAssertEqual(source.collection(of: folder, filter: AssetFilter([.png])).assetIDs.map(\.rawValue), [7, 3])
        XCTAssertEqual(source.collection(of: .videos).assetIDs.map(\.rawValue), [5])
        XCTAssertTrue(source.collection(of: .panoramas).isEmpty, "no panoramas: an empty collection")
    }
}
