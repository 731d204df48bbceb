import PhotoPickCore
import TestSupportCore
import XCTest

/// The library keeps its albums up to date change by change (AlbumMembers) rather than
/// rebuilding them from every asset: after any run of additions, deletions, changes, renames,
/// folders emptied and new, and time passing, its albums must be exactly those a library
/// filled from scratch with the same files lists (no timing here).
final class IncrementalAlbumsTests: XCTestCase {
    private let root = RawPath("/lib/Pictures")
    private let folders = ["", "2024", "2024/Trip", "2024/Trip/Day 2", "2023", "b/c/d", "Über", "x10", "x9"]

    /// A clock the test moves forward (Recently Added measures from it).
    private final class Clock: @unchecked Sendable { var now = Fixture.seconds(2024, 6, 1) }

    private func file(_ n: Int, folder: String, date: Double, rating: Int?, mime: String) -> DiscoveredFile {
        let dir = folder.isEmpty ? root : root.appending(component: Array(folder.utf8))
        var metadata = AssetMetadata(pixelWidth: 4000, pixelHeight: n % 5 == 0 ? 1000 : 3000, rating: rating)
        metadata.captureDate = CaptureDate(seconds: date, utcOffset: 0)
        return DiscoveredFile(path: dir.appending(component: Array("IMG_\(n).jpg".utf8) + (n % 11 == 0 ? [0xFF] : [])),
                              root: root, mimeType: mime, kind: mime.hasPrefix("video") ? .video : .photo,
                              sizeBytes: 1000, modified: date, device: 1, inode: UInt64(n + 1), metadata: metadata)
    }

    private func randomFile(_ n: Int, _ random: inout SeededRandom) -> DiscoveredFile {
        // Few distinct dates, so equal dates (ordered by path) are common.
        let date = Fixture.seconds(2024, 1 + random.next(below: 6), 1 + random.next(below: 3))
        let mimes = ["image/jpeg", "image/png", "video/mp4"]
        return file(n, folder: folders[random.next(below: folders.count)], date: date,
                    rating: random.next(below: 3) == 0 ? 5 : nil, mime: mimes[random.next(below: mimes.count)])
    }

    /// The albums as paths, so libraries that numbered their assets differently compare.
    private func described(_ library: PhotoLibrary) -> [String] {
        library.albums.map { album in
            "\(album.id) \(album.title) parent=\(album.parent.map { "\($0)" } ?? "-") depth=\(album.depth) "
                + "short=\(album.shortTitle): " + album.assetIDs.map { library.asset($0)?.path.description ?? "gone \($0)" }.joined(separator: ",")
        }
    }

    func testAlbumsKeptUpToDateEqualAlbumsBuiltFromScratch() {
        var random = SeededRandom(seed: 42)
        let clock = Clock()
        let library = PhotoLibrary(roots: [root], now: { clock.now })
        var present: [RawPath: DiscoveredFile] = [:]
        var next = 0
        for step in 0..<200 {
            let roll = random.next(below: 100)
            var changes = LibraryChangeSet()
            if roll < 40 || present.isEmpty {  // a scan batch
                let batch = (0..<(1 + random.next(below: 20))).map { _ in defer { next += 1 }; return randomFile(next, &random) }
                library.add(batch)
                for f in batch { present[f.path] = f }
            } else if roll < 60 {  // deletions, sometimes a folder's last file
                for path in present.keys.sorted().prefix(1 + random.next(below: 4)) where random.next(below: 2) == 0 {
                    changes.deleted.append(path)
                    present[path] = nil
                }
            } else if roll < 75 {  // a file changed: new date, rating, type
                let path = present.keys.sorted()[random.next(below: present.count)]
                let old = present[path]!, fresh = randomFile(next, &random)
                next += 1
                let changed = DiscoveredFile(path: path, root: root, mimeType: fresh.mimeType, kind: fresh.kind,
                                             sizeBytes: 2000, modified: fresh.modified, device: 1, inode: old.inode,
                                             metadata: fresh.metadata)
                changes.updated.append(changed)
                present[path] = changed
            } else if roll < 90 {  // a rename, maybe into another folder
                let path = present.keys.sorted()[random.next(below: present.count)]
                let old = present[path]!, moved = randomFile(next, &random)
                next += 1
                let renamed = DiscoveredFile(path: moved.path, root: root, mimeType: old.mimeType, kind: old.kind,
                                             sizeBytes: old.sizeBytes, modified: old.modified, device: 1,
                                             inode: old.inode, metadata: old.metadata)
                changes.deleted.append(path)
                changes.inserted.append(renamed)
                present[path] = nil
                present[renamed.path] = renamed
            } else {  // time passes: Recently Added loses what aged out (read again at the next change)
                clock.now += Double(random.next(below: 40)) * 86_400
                let arrived = randomFile(next, &random)
                next += 1
                changes.inserted.append(arrived)
                present[arrived.path] = arrived
            }
            if !changes.isEmpty { library.apply(changes) }
            if random.next(below: 3) == 0, step != 199 { continue }  // several changes between reads
            let fresh = PhotoLibrary(roots: [root], now: { clock.now })
            fresh.add(present.values.sorted { $0.path < $1.path })
            XCTAssertEqual(described(library), described(fresh), "step \(step)")
        }
    }

    func testAFolderEmptiedLeavesTheTreeAndItsChildMovesUp() {
        let clock = Clock()
        let library = PhotoLibrary(roots: [root], now: { clock.now })
        let date = Fixture.seconds(2024, 3, 1)
        let parent = file(1, folder: "2024", date: date, rating: nil, mime: "image/jpeg")
        let child = file(2, folder: "2024/Trip", date: date, rating: nil, mime: "image/jpeg")
        library.add([parent, child])
        XCTAssertEqual(library.album(.folder(child.path.parent))?.parent, .folder(parent.path.parent))
        library.apply(LibraryChangeSet(deleted: [parent.path]))
        XCTAssertNil(library.album(.folder(parent.path.parent)), "an emptied folder is no album")
        let trip = library.album(.folder(child.path.parent))
        XCTAssertNil(trip?.parent, "its child hangs from the next album up: none")
        XCTAssertEqual(trip?.shortTitle, "2024/Trip")
        library.add([file(3, folder: "2024", date: date + 1, rating: nil, mime: "image/jpeg")])
        XCTAssertEqual(library.album(.folder(child.path.parent))?.parent, .folder(parent.path.parent), "back under it")
    }
}
