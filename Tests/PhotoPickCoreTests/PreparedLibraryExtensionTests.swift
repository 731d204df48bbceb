@testable import PhotoPickCore
import TestSupportCore
import XCTest

/// A warm open shows a library of the index's newest files first, then adopts the whole
/// listing over it, built with those files first (`PhotoLibrary.adopt(extending:)`): the
/// shown assets keep their identifiers, the picks stay, the preselection sees every file,
/// and a library that changed in between is not replaced but added to.
final class PreparedLibraryExtensionTests: XCTestCase {
    private let root = RawPath("/lib/Pictures")
    private let now = Fixture.seconds(2030, 1, 1)

    private func file(_ name: String, inode: UInt64, at modified: Double) -> DiscoveredFile {
        DiscoveredFile(path: RawPath(root.description + "/" + name), root: root, mimeType: "image/jpeg", kind: .photo,
                       sizeBytes: 1, modified: modified, device: 1, inode: inode)
    }

    /// 300 files in 6 folders, listed folder by folder as the index hands them; equal dates
    /// in places, and one file under two names (as a hard link gives).
    private var listing: [DiscoveredFile] {
        var out: [DiscoveredFile] = []
        for i in 0..<300 {
            out.append(file("f\(i % 6)/IMG_\(i).jpg", inode: UInt64(1_000 + i), at: Fixture.seconds(2024, 1, 1) + Double((i * 7_919) % 211) * 600))
        }
        out.sort { $0.path < $1.path }
        out.append(file("links/a.jpg", inode: 5, at: 1_600_000_000))
        out.append(file("links/b.jpg", inode: 5, at: 1_600_000_000))
        return out
    }

    /// The newest `count` of `files`, newest first (as the index records them).
    private func newest(_ files: [DiscoveredFile], _ count: Int) -> [DiscoveredFile] {
        Array(files.sorted { ($0.modified, $1.path) > ($1.modified, $0.path) }.prefix(count))
    }

    private func firstLibrary(_ first: [DiscoveredFile], restriction: AssetRestriction = .none) -> PreparedLibrary {
        let builder = PreparedLibrary.Builder(roots: [root], restriction: restriction, now: now)
        for file in first { builder.add(file) }
        return builder.finish()
    }

    /// The whole listing, built as the warm open builds it: `first` first, then every listed file.
    private func wholeLibrary(_ files: [DiscoveredFile], first: [DiscoveredFile],
                              restriction: AssetRestriction = .none) -> PreparedLibrary {
        let builder = PreparedLibrary.Builder(roots: [root], restriction: restriction, now: now, first: first)
        builder.reserve(files.count)
        for file in files { builder.add(file) }
        return builder.finish()
    }

    func testTheWholeListingExtendsTheFirstScreenUnderTheSameIdentifiers() throws {
        let files = listing, first = newest(listing, 40) + [files[files.count - 1], files[files.count - 2]]
        let session = PickerSession(configuration: PickerConfiguration(roots: [root]))
        XCTAssertEqual(session.addScanned(firstLibrary(first)), .adopted)
        let shownFirst = session.shownAssets
        let paths = Dictionary(uniqueKeysWithValues: session.library.table.ids.map { ($0, session.asset($0)!.path) })
        // The two names of inode 5 do not exist here, so the library cannot confirm they are one
        // file (it checks the shown one on disk): two assets, as in every library built of them.
        XCTAssertEqual(session.library.count, 42)
        session.toggle(shownFirst[3])
        session.toggle(shownFirst[0])
        let picks = session.selection.ordered

        let whole = wholeLibrary(files, first: first)
        XCTAssertEqual(whole.listedCount, files.count, "the first files are not listed twice")
        XCTAssertEqual(whole.snapshot.values.reduce(0) { $0 + $1.count }, files.count)
        var changes: [PickerSession.Change] = []
        session.onChange = { changes.append($0) }
        XCTAssertEqual(session.addScanned(whole), .extended)
        XCTAssertTrue(changes.contains(.albums) && changes.contains(.assets))
        XCTAssertEqual(session.library.count, files.count)
        for (id, path) in paths { XCTAssertEqual(session.asset(id)?.path, path, "asset \(id) kept its identifier") }
        XCTAssertEqual(session.selection.ordered, picks)
        XCTAssertEqual(Array(session.shownAssets.prefix(40)), Array(shownFirst.prefix(40)),
                       "the newest files stay at the top, in their places")

        // The same library adding every file would have made, apart from the order it handed out identifiers in.
        let added = PhotoLibrary(roots: [root], now: { self.now })
        added.add(first + files)
        XCTAssertEqual(session.library.table.ids, added.table.ids)
        for id in added.table.ids {
            XCTAssertEqual(session.asset(id), added.asset(id))
            XCTAssertEqual(session.library.names.name(id), added.names.name(id), "the search's names")
        }
        XCTAssertEqual(session.library.albums, added.albums)
        XCTAssertEqual(session.shownAssets, added.collection(of: .allPhotos, grouping: session.grouping,
                                                               sort: session.sort).assetIDs)
    }

    func testALibraryThatChangedSinceIsAddedToInstead() throws {
        let files = listing, first = newest(files, 20)
        let session = PickerSession(configuration: PickerConfiguration(roots: [root]))
        session.addScanned(firstLibrary(first))
        var change = LibraryChangeSet()
        change.inserted = [file("late/new.jpg", inode: 9_999, at: now - 1)]
        change.deleted = [first[5].path]
        _ = session.apply(change)
        let whole = wholeLibrary(files, first: first)
        XCTAssertFalse(session.library.adopt(extending: whole), "the library holds other assets than the first screen's")
        XCTAssertEqual(session.addScanned(whole), .added)
        // Added as a scan batch: what was there stays (a file already shown is not added twice).
        XCTAssertEqual(session.library.count, files.count + 1)
        XCTAssertNotNil(session.library.id(of: RawPath(root.description + "/late/new.jpg")))
        XCTAssertEqual(Set(session.library.table.ids.compactMap { session.asset($0)?.path }).count, session.library.count)
    }

    func testOnlyALibraryWithTheSameAssetsUnderTheSameIdentifiersExtends() {
        let files = listing, first = newest(files, 20)
        // Built in listing order, not first-screen first: other identifiers.
        let shuffled = PhotoLibrary(roots: [root], now: { self.now })
        XCTAssertTrue(shuffled.adopt(firstLibrary(first)))
        let revision = shuffled.revision
        XCTAssertFalse(shuffled.adopt(extending: wholeLibrary(files, first: [])))
        XCTAssertEqual(shuffled.revision, revision, "nothing changed")
        XCTAssertEqual(shuffled.count, 20)
        // An empty library, one over other roots, and one that was filled rather than adopted do not.
        XCTAssertFalse(PhotoLibrary(roots: [root]).adopt(extending: wholeLibrary(files, first: first)))
        let other = PhotoLibrary(roots: [RawPath("/elsewhere")], now: { self.now })
        XCTAssertTrue(other.adopt(PreparedLibrary(roots: [RawPath("/elsewhere")], restriction: .none,
                                                  files: [file("x.jpg", inode: 77, at: 1)])))
        XCTAssertFalse(other.adopt(extending: wholeLibrary(files, first: first)))
        let filled = PhotoLibrary(roots: [root], now: { self.now })
        filled.add(first)
        XCTAssertFalse(filled.adopt(extending: wholeLibrary(files, first: first)))
        // A file of the first screen that changed between the two reads: not the same asset.
        var changedFirst = first
        changedFirst[0] = file(String(first[0].path.description.dropFirst(root.description.count + 1)),
                               inode: first[0].inode, at: first[0].modified + 1)
        let changed = PhotoLibrary(roots: [root], now: { self.now })
        XCTAssertTrue(changed.adopt(firstLibrary(first)))
        XCTAssertFalse(changed.adopt(extending: wholeLibrary(files, first: changedFirst)))
        XCTAssertTrue(changed.adopt(extending: wholeLibrary(files, first: first)))
    }

    func testThePreselectionSeesEveryFile() throws {
        let files = listing, first = newest(files, 20)
        let inFirst = first[7].path
        let later = try XCTUnwrap(files.first { file in !first.contains { $0.path == file.path } }).path
        var configuration = PickerConfiguration(roots: [root])
        configuration.preselect = [later, RawPath(root.description + "/missing.jpg"), inFirst]
        let session = PickerSession(configuration: configuration)
        session.addScanned(firstLibrary(first))
        XCTAssertEqual(session.selection.ordered.compactMap { session.asset($0)?.path }, [inFirst])
        XCTAssertEqual(session.addScanned(wholeLibrary(files, first: first)), .extended)
        XCTAssertEqual(Set(session.selection.ordered.compactMap { session.asset($0)?.path }), [inFirst, later])
        XCTAssertEqual(session.unmatchedPreselections, [RawPath(root.description + "/missing.jpg")])
    }

    func testRestartingFromEmptyKeepsThePreselectionAndThePicks() throws {
        let files = listing, first = newest(files, 20)
        var configuration = PickerConfiguration(roots: [root])
        configuration.preselect = [first[2].path]
        let session = PickerSession(configuration: configuration)
        session.addScanned(firstLibrary(first))
        let picked = try XCTUnwrap(session.library.id(of: first[9].path))
        session.toggle(picked)
        session.rescan()
        XCTAssertEqual(session.library.count, 0)
        XCTAssertTrue(session.selection.isEmpty, "identifiers restart with the library")
        XCTAssertEqual(session.configuration.preselect, [first[2].path, first[9].path])
        session.addScanned(files)
        XCTAssertEqual(Set(session.selection.ordered.compactMap { session.asset($0)?.path }), [first[2].path, first[9].path])
    }
}
