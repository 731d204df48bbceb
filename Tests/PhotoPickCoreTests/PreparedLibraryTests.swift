@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// An index-first open builds the library off the main thread (`PreparedLibrary`) and the
/// session adopts it whole: that must be the library adding the same files would have made,
/// for odd names, extreme dates and links alike, and stay so through later changes.
final class PreparedLibraryTests: XCTestCase {
    private let root = RawPath("/lib/Pictures")
    private let now = Fixture.seconds(2030, 1, 1)

    private func file(_ bytes: [UInt8], inode: UInt64, at modified: Double, kind: MediaKind = .photo,
                      metadata: AssetMetadata = AssetMetadata()) -> DiscoveredFile {
        DiscoveredFile(path: RawPath(bytes: root.bytes + Array("/".utf8) + bytes), root: root,
                       mimeType: kind == .video ? "video/mp4" : "image/jpeg", kind: kind, sizeBytes: 1,
                       modified: modified, device: 1, inode: inode, metadata: metadata)
    }

    /// Nested folders, names that are not UTF-8 or hold a newline, dates at and past the ends
    /// of what can be named, equal dates (ordered by path), a video, one file under two names.
    private var files: [DiscoveredFile] {
        var out: [DiscoveredFile] = []
        let extremes: [Double] = [Double(Int64.max), Double(Int64.min), 1e308, -1e308, .infinity, -.infinity, .nan,
                                  -62_135_596_801, 253_402_300_799, 0]
        for (i, t) in extremes.enumerated() {
            out.append(file(Array("extreme/e\(i).jpg".utf8), inode: UInt64(100 + i), at: t))
        }
        for i in 0..<200 {
            let date = Fixture.seconds(2024, 1, 1) + Double((i * 7_919) % 97) * 3600
            out.append(file(Array("y\(i % 7)/m\(i % 3)/IMG_\(i).jpg".utf8), inode: UInt64(1_000 + i), at: date))
        }
        out.append(file([0xFF, 0xFE] + Array(" caf\u{e9}\n.jpg".utf8), inode: 2, at: now - 60))
        out.append(file(Array("odd/\u{1F600} clip.mp4".utf8), inode: 3, at: now - 30, kind: .video))
        out.append(file(Array("odd/shot.jpg".utf8), inode: 4, at: 1_700_000_000,
                        metadata: AssetMetadata(captureDate: CaptureDate(seconds: 9e18, utcOffset: 3600), dateSource: .exif)))
        // One file under two names (as a hard link gives).
        out.append(file(Array("links/a.jpg".utf8), inode: 5, at: 1_600_000_000))
        out.append(file(Array("links/b.jpg".utf8), inode: 5, at: 1_600_000_000))
        return out
    }

    private func assertSame(_ adopted: PhotoLibrary, _ added: PhotoLibrary, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(adopted.count, added.count, file: file, line: line)
        XCTAssertEqual(adopted.albums, added.albums, file: file, line: line)
        XCTAssertEqual(adopted.table.ids, added.table.ids, file: file, line: line)
        for id in added.table.ids {
            XCTAssertEqual(adopted.asset(id), added.asset(id), file: file, line: line)
            XCTAssertEqual(adopted.identity(of: id), added.identity(of: id), file: file, line: line)
            XCTAssertEqual(adopted.facts[id], added.facts[id], file: file, line: line)
            XCTAssertEqual(adopted.names.name(id), added.names.name(id), "the search's names", file: file, line: line)
            if let path = added.asset(id)?.path { XCTAssertEqual(adopted.id(of: path), id, file: file, line: line) }
        }
        let views: [(AssetGrouping, AssetSort)] = [(.day, .dateDescending), (.month, .name), (.none, .size)]
        for (grouping, sort) in views {
            let a = adopted.collection(of: .allPhotos, grouping: grouping, sort: sort)
            let b = added.collection(of: .allPhotos, grouping: grouping, sort: sort)
            XCTAssertEqual(a.assetIDs, b.assetIDs, file: file, line: line)
            XCTAssertEqual(a.groups.map(\.range), b.groups.map(\.range), file: file, line: line)
        }
    }

    func testAdoptingEqualsAddingTheSameFiles() {
        let files = self.files
        let prepared = PreparedLibrary(roots: [root], restriction: .none, files: files, now: now)
        let adopted = PhotoLibrary(roots: [root], now: { self.now })
        let added = PhotoLibrary(roots: [root], now: { self.now })
        XCTAssertTrue(adopted.adopt(prepared))
        added.add(files)
        // The two names of inode 5 do not exist here, so the library cannot confirm they are one
        // file (it checks the shown one on disk): two assets, whether added or adopted.
        XCTAssertEqual(prepared.count, files.count)
        assertSame(adopted, added)

        // Later changes land alike: the link's shown path goes (the other takes over), a file
        // is added, one changes, and the next identifier handed out is the same.
        var changes = LibraryChangeSet()
        changes.deleted = [files[files.count - 2].path, files[0].path]
        changes.inserted = [file(Array("new/fresh.jpg".utf8), inode: 9_000, at: now - 5)]
        changes.updated = [file(Array("odd/shot.jpg".utf8), inode: 4, at: 1_700_000_100)]
        XCTAssertEqual(adopted.apply(changes), added.apply(changes))
        assertSame(adopted, added)
    }

    func testOnlyAnEmptyLibraryOverTheSameRootsAdopts() {
        let prepared = PreparedLibrary(roots: [root], restriction: .none, files: files, now: now)
        let other = PhotoLibrary(roots: [RawPath("/elsewhere")])
        XCTAssertFalse(other.adopt(prepared))
        XCTAssertEqual(other.count, 0)
        let started = PhotoLibrary(roots: [root])
        started.add([file(Array("first.jpg".utf8), inode: 7, at: 1)])
        let revision = started.revision
        XCTAssertFalse(started.adopt(prepared))
        XCTAssertEqual(started.count, 1)
        XCTAssertEqual(started.revision, revision)
    }

    func testSessionAdoptsWithPreselectionAndFirstAlbum() throws {
        let files = self.files
        var configuration = PickerConfiguration(roots: [root])
        configuration.preselect = [files[12].path, files[3].path, RawPath("/lib/Pictures/missing.jpg")]
        configuration.initialAlbum = "y2/m1"
        let adopting = PickerSession(configuration: configuration)
        let adding = PickerSession(configuration: configuration)
        var changes: [PickerSession.Change] = []
        adopting.onChange = { changes.append($0) }
        adopting.addScanned(PreparedLibrary(roots: [root], restriction: .none, files: files, now: now))
        adding.addScanned(files)
        XCTAssertEqual(adopting.selection.ordered, adding.selection.ordered)
        XCTAssertEqual(adopting.selection.ordered.count, 2)
        XCTAssertEqual(adopting.selection.ordered.compactMap { adopting.asset($0)?.path }, [files[12].path, files[3].path])
        XCTAssertEqual(adopting.currentAlbum, adding.currentAlbum)
        XCTAssertEqual(adopting.currentAlbum, .folder(RawPath("/lib/Pictures/y2/m1")))
        XCTAssertEqual(adopting.unmatchedPreselections, [RawPath("/lib/Pictures/missing.jpg")])
        XCTAssertEqual(adopting.shownAssets, adding.shownAssets)
        XCTAssertEqual(adopting.albums, adding.albums)
        XCTAssertTrue(changes.contains(.albums) && changes.contains(.assets))
    }

    func testAnotherRestrictionOrAFilledLibraryAddsTheFilesInstead() throws {
        let files = self.files
        var configuration = PickerConfiguration(roots: [root])
        configuration.restriction = AssetRestriction(kinds: .photos)
        let restricted = PickerSession(configuration: configuration)
        // Built without the restriction: the session must not show the video.
        restricted.addScanned(PreparedLibrary(roots: [root], restriction: .none, files: files, now: now))
        XCTAssertEqual(restricted.library.count, files.count - 1)
        XCTAssertFalse(restricted.shownAssets.contains { restricted.asset($0)?.kind == .video })

        // Built with it: adopted, and still no video.
        let matching = PickerSession(configuration: configuration)
        matching.addScanned(PreparedLibrary(roots: [root], restriction: configuration.restriction, files: files, now: now))
        XCTAssertEqual(matching.library.count, files.count - 1)
        XCTAssertEqual(matching.shownAssets.count, restricted.shownAssets.count)

        // A library that already holds files adds the prepared ones to them.
        let session = PickerSession(configuration: PickerConfiguration(roots: [root]))
        session.addScanned([file(Array("first.jpg".utf8), inode: 7, at: 1)])
        session.addScanned(PreparedLibrary(roots: [root], restriction: .none, files: files, now: now))
        XCTAssertEqual(session.library.count, files.count + 1)
    }

    /// The prepared library keeps no array of the listed files: the watcher's snapshot is made
    /// while they come (in any folder order), and the files a session that cannot adopt adds
    /// are made again from the library. Both must equal what the listed files themselves give.
    func testSnapshotAndFilesMadeAgainEqualTheListing() {
        let files = self.files
        func withoutID(_ a: Asset) -> Asset {
            Asset(stored: AssetID(0), path: a.path, mimeType: a.mimeType, kind: a.kind, sizeBytes: a.sizeBytes,
                  modified: a.modified, modifiedIsKnown: a.modifiedIsKnown, albumID: a.albumID, metadata: a.metadata)
        }
        // Stamps by their bits: a NaN time (one of the extremes) equals itself only so.
        func bits(_ stamp: FileStamp) -> [UInt64] {
            [UInt64(bitPattern: stamp.sizeBytes), stamp.modified.bitPattern, stamp.device, stamp.inode]
        }
        func bits(_ snapshot: LibrarySnapshot) -> [RawPath: [RawPath: [UInt64]]] { snapshot.mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0.key, bits($0.value)) }) } }
        func assets(_ library: PhotoLibrary) -> Set<Asset> { Set(library.table.ids.compactMap { library.asset($0) }.map(withoutID)) }
        for restriction in [AssetRestriction.none, AssetRestriction(kinds: .photos)] {
            let prepared = PreparedLibrary(roots: [root], restriction: restriction, files: files, now: now)
            XCTAssertEqual(prepared.listedCount, files.count)
            XCTAssertEqual(bits(prepared.snapshot), bits(LibrarySnapshotStore(files: files).snapshot()), "every listed file's stamp")
            XCTAssertEqual(prepared.files.count, files.count)
            let again = PhotoLibrary(roots: [root], now: { self.now }), direct = PhotoLibrary(roots: [root], now: { self.now })
            again.add(prepared.files)
            direct.add(files)
            XCTAssertEqual(assets(again), assets(direct))
            XCTAssertEqual(Set(prepared.files.map { bits(FileStamp($0)) }), Set(files.map { bits(FileStamp($0)) }),
                           "times as listed, even unnameable ones")
        }
    }
}
