@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// The sidebar's picked counts (MemberCounts) against a plain count over every album's
/// members: random libraries where equal dates are common (ordered by path, names not all
/// UTF-8), smart albums, filters, few picks (looked up by date) and many (the one pass).
final class PickedCountsTests: XCTestCase {
    private let root = RawPath("/lib/Pictures")
    private let folders = ["", "2024", "2024/Trip", "2024/Trip/Day 2", "Über", "x10", "x9"]

    private func randomFile(_ n: Int, _ random: inout SeededRandom) -> DiscoveredFile {
        let folder = folders[random.next(below: folders.count)]
        let dir = folder.isEmpty ? root : root.appending(component: Array(folder.utf8))
        // Four dates over hundreds of files: most of an album is runs of one date.
        let date = Fixture.seconds(2024, 1 + random.next(below: 2), 1 + random.next(below: 2))
        let mime = ["image/jpeg", "image/png", "video/mp4"][random.next(below: 3)]
        var metadata = AssetMetadata(pixelWidth: 4000, pixelHeight: n % 5 == 0 ? 1000 : 3000,
                                     rating: random.next(below: 3) == 0 ? 5 : nil)
        metadata.captureDate = CaptureDate(seconds: date, utcOffset: 0)
        let name = Array("IMG_\(random.next(below: 1000)).jpg".utf8) + (n % 7 == 0 ? [0xFF, UInt8(n % 256)] : [UInt8(n % 10) + 0x30])
        return DiscoveredFile(path: dir.appending(component: name), root: root, mimeType: mime,
                              kind: mime.hasPrefix("video") ? .video : .photo, sizeBytes: 1000,
                              modified: random.next(below: 2) == 0 ? Fixture.seconds(2024, 6, 1) : date,
                              device: 1, inode: UInt64(n + 1), metadata: metadata)
    }

    private func library(_ count: Int, seed: UInt64) -> PhotoLibrary {
        var random = SeededRandom(seed: seed)
        let library = PhotoLibrary(roots: [root], now: { Fixture.seconds(2024, 6, 10) })
        library.add((0..<count).map { randomFile($0, &random) })
        return library
    }

    /// What the sidebar must show: each album's picked members, counted one by one.
    private func plainCounts(_ picked: [AssetID], _ albums: [Album]) -> [AlbumID: Int] {
        let set = Set(picked)
        var counts: [AlbumID: Int] = [:]
        for album in albums {
            let n = album.assetIDs.filter(set.contains).count
            if n > 0 { counts[album.id] = n }
        }
        return counts
    }

    private func randomPicks(_ library: PhotoLibrary, _ count: Int, _ random: inout SeededRandom) -> [AssetID] {
        var all = library.albums[0].assetIDs
        for i in all.indices.reversed() { all.swapAt(i, random.next(below: i + 1)) }
        return Array(all.prefix(count))
    }

    func testFewPicksAreCountedInEveryAlbumThatHoldsThem() {
        var random = SeededRandom(seed: 7)
        for round in 0..<40 {
            let library = library(300 + round * 5, seed: UInt64(round))
            let albums = library.albums
            XCTAssertGreaterThan(albums.count, 5, "smart and folder albums")
            let picks = randomPicks(library, 1 + random.next(below: 12), &random)
            let looked = MemberCounts.bySearch(picks, in: albums, facts: library.facts, budget: .max)
            XCTAssertEqual(looked, plainCounts(picks, albums), "round \(round)")
            XCTAssertEqual(MemberCounts.counts(of: picks, in: albums, facts: library.facts), plainCounts(picks, albums))
        }
    }

    func testManyPicksTakeThePassWithTheSameCounts() {
        var random = SeededRandom(seed: 8)
        let library = library(500, seed: 99)
        let albums = library.albums
        for count in [100, 300, 500] {
            let picks = randomPicks(library, count, &random)
            XCTAssertEqual(MemberCounts.byPass(picks, in: albums), plainCounts(picks, albums))
            XCTAssertEqual(MemberCounts.counts(of: picks, in: albums, facts: library.facts), plainCounts(picks, albums))
        }
        let few = randomPicks(library, 3, &random)
        XCTAssertNil(MemberCounts.bySearch(few, in: albums, facts: library.facts, budget: 10),
                     "past its budget, the look-up gives way to the pass")
    }

    func testAssetsOutsideTheAlbumsAreNotCounted() {
        let library = library(200, seed: 3)
        let albums = library.albums
        let videos = albums.first { $0.id == .videos }?.assetIDs ?? []
        XCTAssertFalse(videos.isEmpty)
        guard let video = videos.first, let photo = albums[0].assetIDs.first(where: { !videos.contains($0) }) else { return }
        let picks = [video, photo, AssetID(9_999)]
        let counts = MemberCounts.counts(of: picks, in: albums, facts: library.facts)
        XCTAssertEqual(counts, plainCounts(picks, albums))
        XCTAssertEqual(counts[.videos], 1, "the photo is not in Videos; an unknown id nowhere")
        XCTAssertEqual(counts[.allPhotos], 2)
    }

    func testSessionCountsFollowTheFilterAndThePicks() {
        var random = SeededRandom(seed: 11)
        var files: [DiscoveredFile] = []
        for n in 0..<400 { files.append(randomFile(n, &random)) }
        let session = PickerSession(configuration: PickerConfiguration(roots: [root]))
        session.addScanned(files)
        XCTAssertEqual(session.pickedCounts(), [:])
        for id in randomPicks(session.library, 15, &random) { session.toggle(id) }
        XCTAssertEqual(session.pickedCounts(), plainCounts(session.selection.ordered, session.albums))
        session.setFilter(AssetFilter([.video]))
        XCTAssertLessThan(session.albums[0].count, session.library.count, "the filter narrows the albums")
        XCTAssertEqual(session.pickedCounts(), plainCounts(session.selection.ordered, session.albums))
        session.selectAll()
        XCTAssertEqual(session.pickedCounts(), plainCounts(session.selection.ordered, session.albums))
    }
}
