import Foundation
@testable import PhotoPickCore
@testable import PhotoPickSystem
import PhotoPickMedia
import Synchronization
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Heavy churn while the library is watched, wired as the window wires it (a snapshot store
/// fed by every delivery, a `PhotoLibrary` applying the change sets): once the disk is
/// quiet, the library holds exactly what a fresh scan finds, with no F5.
final class WatchingChurnConvergenceTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    /// The window's side: the library, changed only through delivered change sets.
    private final class WindowSide: @unchecked Sendable {
        let lock = NSLock()
        let library: PhotoLibrary
        init(roots: [RawPath], files: [DiscoveredFile]) {
            library = PhotoLibrary(roots: roots)
            library.add(files)
        }
        func apply(_ changes: LibraryChangeSet) { lock.withLock { _ = library.apply(changes) } }
        var paths: Set<String> {
            lock.withLock { Set(library.assets(in: .allPhotos).map(\.path.description)) }
        }
    }

    func testTheLibraryConvergesToTheDiskAfterChurn() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/Pictures"
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: try sampleJPEG(in: dir)))
        let folders = (0..<8).map { root + "/folder-\($0)" }
        for folder in folders {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for i in 0..<60 { try jpeg.write(to: URL(fileURLWithPath: "\(folder)/IMG_\(i).jpg"), options: []) }
        }
        let roots = [RawPath(root)]
        let initial = FileSystemScanner(roots: roots, sniffer: GIOContentTypeSniffer()).scanAll().files
        let window = WindowSide(roots: roots, files: initial)
        let store = LibrarySnapshotStore(files: initial)
        let monitor = LibraryMonitor(roots: roots, sniffer: GIOContentTypeSniffer(), snapshot: { store.snapshot() },
                                     deliver: { changes in
                                         store.apply(changes)
                                         window.apply(changes)
                                     })
        monitor.start()
        defer { monitor.stop() }
        XCTAssertTrue(monitor.waitUntilWatching())

        // 3,000 operations of what cameras, sync tools and editors do, as fast as they go:
        // truncate, partial writes, rename over, unlink, rewrite, new files (inodes reused).
        // A count, not a time: on a loaded machine the churn takes longer but is the same.
        var random = SeededGenerator(seed: 11)
        for _ in 0..<3_000 {
            let folder = folders[Int(random.next() % UInt64(folders.count))]
            let path = "\(folder)/IMG_\(random.next() % 90).jpg"
            switch random.next() % 6 {
            case 0: truncate(path, 0)
            case 1: try? jpeg.prefix(Int(random.next() % UInt64(jpeg.count))).write(to: URL(fileURLWithPath: path))
            case 2:
                let temporary = "\(folder)/IMG_\(random.next() % 90).jpg.part"
                try? jpeg.write(to: URL(fileURLWithPath: temporary))
                rename(temporary, path)
            case 3: unlink(path)
            case 4: try? jpeg.write(to: URL(fileURLWithPath: path))
            default:
                unlink(path)
                try? jpeg.write(to: URL(fileURLWithPath: "\(folder)/IMG_\(random.next() % 90).jpg"))
            }
        }

        let onDisk = Set(FileSystemScanner(roots: roots, sniffer: GIOContentTypeSniffer()).scanAll().files.map(\.path.description))
        let deadline = Date().addingTimeInterval(30)
        while window.paths != onDisk && Date() < deadline { usleep(100_000) }
        let kept = window.paths
        let watched = Set(store.snapshot().values.flatMap(\.keys).map(\.description))
        XCTAssertEqual(watched.symmetricDifference(onDisk).sorted(), [], "the watcher's own view differs from the disk")
        XCTAssertEqual(kept.subtracting(onDisk).sorted(), [], "listed but gone or no longer media")
        XCTAssertEqual(onDisk.subtracting(kept).sorted(), [], "on disk but not listed")
    }

    func testAFileReachedTwiceStaysShownWhenItsShownPathGoes() throws {
        let dir = TemporaryDirectory()
        let root = dir.path + "/Pictures"
        try ImageFactory.write(root + "/a.jpg", width: 8, height: 8, format: .jpeg)
        XCTAssertEqual(link(root + "/a.jpg", root + "/b.jpg"), 0)
        let files = FileSystemScanner(roots: [RawPath(root)], sniffer: GIOContentTypeSniffer()).scanAll().files
        let library = PhotoLibrary(roots: [RawPath(root)])
        library.add(files)
        let shown = try XCTUnwrap(library.assets(in: .allPhotos).first?.path)
        XCTAssertEqual(library.count, 1, "two names, one photo")
        unlink(shown.description)
        library.apply(LibraryChangeSet(deleted: [shown]))
        XCTAssertEqual(library.assets(in: .allPhotos).map(\.path.description), [root + (shown.lastComponent == "a.jpg" ? "/b.jpg" : "/a.jpg")])
    }

    private func sampleJPEG(in dir: TemporaryDirectory) throws -> String {
        let path = dir.path + "/sample.jpg"
        try ImageFactory.write(path, width: 64, height: 48, format: .jpeg)
        return path
    }
}

/// At Done every pick is looked at again: what is gone, empty or no longer media is taken
/// back and named; what merely changed but is still a photo stays.
final class PickRecheckTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    func testPicksThatNoLongerHoldAreTakenBackAndNamed() throws {
        let dir = TemporaryDirectory()
        let sample = try SampleLibrary.make(in: dir)
        let session = PickerSession(configuration: PickerConfiguration(roots: [RawPath(sample.root)]))
        session.addScanned(FileSystemScanner(roots: [RawPath(sample.root)], sniffer: GIOContentTypeSniffer()).scanAll().files)
        let byName = Dictionary(session.shownAssets.compactMap { session.asset($0) }.map { ($0.name, $0.id) }) { a, _ in a }
        for name in ["beach.jpg", "trip-1.jpg", "trip-2.jpg", "trip-3.jpg", "shot-1.png"] { session.toggle(byName[name]!) }
        let trip = sample.root + "/2024/Trip/"
        unlink(sample.root + "/beach.jpg")
        truncate(trip + "trip-1.jpg", 0)
        try Data("now a text file, same name\n".utf8).write(to: URL(fileURLWithPath: trip + "trip-2.jpg"))
        try ImageFactory.write(trip + "trip-3.jpg", width: 50, height: 50, format: .png)  // changed, still a photo

        let dropped = session.recheckPicks(sniffer: GIOContentTypeSniffer())
        XCTAssertEqual(dropped.map(\.path.lastComponent), ["beach.jpg", "trip-1.jpg", "trip-2.jpg"])
        XCTAssertEqual(dropped.map(\.reason), ["no longer exists", "is empty now", "is no longer a photo or video"])
        XCTAssertEqual(session.selection.ordered.compactMap { session.asset($0)?.name }, ["trip-3.jpg", "shot-1.png"])
        XCTAssertEqual(DroppedPick.message(dropped),
                       "3 picked files changed on disk and were unpicked: beach.jpg, trip-1.jpg, trip-2.jpg")
        XCTAssertEqual(session.recheckPicks(sniffer: GIOContentTypeSniffer()), [], "the rest still holds")
    }
}
