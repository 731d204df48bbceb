import Foundation
@testable import PhotoPickCore
@testable import PhotoPickSystem
import Synchronization
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The watcher alone, with real folders and real inotify: what it reports and watches.
final class WatchingInotifyWatcherTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private var dir: TemporaryDirectory!
    private var sample: SampleLibrary!
    private var root: String { sample.root }
    private var watchers: [InotifyWatcher] = []

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        sample = try SampleLibrary.make(in: dir)
    }

    override func tearDown() {
        for watcher in watchers { watcher.stop() }
        watchers = []
        dir = nil  // XCTest keeps test cases alive: release the folder now so it is removed
    }

    private func started(_ roots: [String]? = nil, limit: Int? = nil, recorder: DirtyRecorder) -> InotifyWatcher {
        let watcher = InotifyWatcher(roots: (roots ?? [root]).map(RawPath.init), watchLimit: limit) { recorder.record($0) }
        watchers.append(watcher)
        XCTAssertTrue(watcher.start())
        XCTAssertTrue(watcher.waitUntilWatching())
        return watcher
    }

    private func watched(_ watcher: InotifyWatcher) -> Set<String> { Set(watcher.watchedFolders.map(\.description)) }

    func testWatchesTheRootAndEveryNonHiddenFolder() {
        let watcher = started(recorder: DirtyRecorder())
        XCTAssertEqual(watched(watcher), [root, root + "/2024", root + "/2024/Trip", root + "/Screenshots"])
    }

    func testReportsTheFolderOfANewFile() throws {
        let recorder = DirtyRecorder()
        _ = started(recorder: recorder)
        try Watching.photo(root + "/2024/Trip/new.jpg")
        Watching.wait(until: { recorder.folders.contains(self.root + "/2024/Trip") }, "\(recorder.folders)")
        XCTAssertFalse(recorder.folders.contains(root + "/Screenshots"))
    }

    func testNewFolderIsWatchedAndReportedWithEverythingBelowIt() throws {
        let recorder = DirtyRecorder()
        let watcher = started(recorder: recorder)
        // Created faster than the watcher can add watches: some files predate their folder's watch.
        try FileManager.default.createDirectory(atPath: root + "/New/Deep/Deeper", withIntermediateDirectories: true)
        try Watching.photo(root + "/New/Deep/Deeper/a.jpg")
        let expected: Set<String> = [root, root + "/New", root + "/New/Deep", root + "/New/Deep/Deeper"]
        Watching.wait(until: { recorder.folders.isSuperset(of: expected) }, "\(recorder.folders)")
        Watching.wait(until: { self.watched(watcher).isSuperset(of: expected) }, "\(self.watched(watcher))")

        // Now watched: a later file there is reported as its own folder.
        let before = recorder.count
        try Watching.photo(root + "/New/Deep/later.jpg")
        Watching.wait(until: { recorder.all.dropFirst(before).contains { $0.folders.contains(RawPath(self.root + "/New/Deep")) } })
    }

    func testRemovedFolderDropsItsWatchesAndReportsItsParent() throws {
        let recorder = DirtyRecorder()
        let watcher = started(recorder: recorder)
        try FileManager.default.removeItem(atPath: root + "/2024")
        // The removal goes depth first: Trip's watch ends before its parent's. Wait for both;
        // a watch that never ends fails the wait.
        Watching.wait(until: { self.watched(watcher) == [self.root, self.root + "/Screenshots"] }, "\(self.watched(watcher))")
        Watching.wait(until: { recorder.folders.contains(self.root) })
    }

    func testFolderMovedWithinTheLibraryIsWatchedUnderItsNewPath() throws {
        let recorder = DirtyRecorder()
        let watcher = started(recorder: recorder)
        XCTAssertEqual(rename(root + "/2024", root + "/Screenshots/2024"), 0)
        let expected: Set<String> = [root, root + "/Screenshots", root + "/Screenshots/2024", root + "/Screenshots/2024/Trip"]
        Watching.wait(until: { self.watched(watcher) == expected }, "\(self.watched(watcher))")
        try Watching.photo(root + "/Screenshots/2024/Trip/moved-in.jpg")
        Watching.wait(until: { recorder.folders.contains(self.root + "/Screenshots/2024/Trip") })
    }

    func testHiddenEntriesAreNeitherReportedNorWatched() throws {
        let recorder = DirtyRecorder()
        let watcher = started(recorder: recorder)
        try Watching.photo(root + "/Screenshots/.secret.jpg")
        try Watching.photo(root + "/Screenshots/.cache/thumb.jpg")
        // A barrier: its event is queued after those, so anything they caused is reported by then.
        try Watching.photo(root + "/2024/Trip/barrier.jpg")
        Watching.wait(until: { recorder.folders.contains(self.root + "/2024/Trip") })
        XCTAssertFalse(recorder.folders.contains(root + "/Screenshots"), "\(recorder.folders)")
        XCTAssertFalse(watched(watcher).contains(root + "/Screenshots/.cache"))
    }

    func testLinkedFoldersAreWatchedOnceAndLoopsEnd() throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/loop", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: root + "/Trip-link", withDestinationPath: "2024/Trip")
        let watcher = started(recorder: DirtyRecorder())
        // Depth-first in name order, as the scanner: 2024/Trip is reached before Trip-link.
        XCTAssertEqual(watched(watcher), [root, root + "/2024", root + "/2024/Trip", root + "/Screenshots"])
        XCTAssertEqual(Set(watcher.folders.aliases.map(\.description)), [root + "/loop", root + "/Trip-link"])
    }

    func testRunningOutOfWatchesIsReportedOnceAndWatchingGoesOn() throws {
        let recorder = DirtyRecorder()
        let watcher = started(limit: 2, recorder: recorder)
        XCTAssertEqual(watched(watcher).count, 2)
        Watching.wait(until: { !recorder.problems.isEmpty })
        try FileManager.default.createDirectory(atPath: root + "/More", withIntermediateDirectories: true)
        try Watching.photo(root + "/new.jpg")
        Watching.wait(until: { recorder.folders.contains(self.root) })
        XCTAssertEqual(recorder.problems.count, 1, "\(recorder.problems)")
        XCTAssertEqual(recorder.problems.first?.code, ENOSPC)
        XCTAssertTrue(recorder.problems.first?.reason.contains("max_user_watches") == true)
    }

    func testMissingRootIsPickedUpWhenItAppears() throws {
        let recorder = DirtyRecorder()
        let later = dir.path + "/Later"
        let watcher = started([later, root], recorder: recorder)
        XCTAssertFalse(watched(watcher).contains(later))
        try Watching.photo(later + "/Sub/a.jpg")
        Watching.wait(until: { recorder.folders.isSuperset(of: [later, later + "/Sub"]) }, "\(recorder.folders)")
        XCTAssertTrue(watched(watcher).isSuperset(of: [later, later + "/Sub"]))

        try FileManager.default.removeItem(atPath: later)
        Watching.wait(until: { !self.watched(watcher).contains(later) })
        let count = recorder.count
        try Watching.photo(later + "/again.jpg")
        Watching.wait(until: { recorder.all.dropFirst(count).contains { $0.folders.contains(RawPath(later)) } })
    }

    func testStopEndsTheThreadAndNothingIsReportedAfterwards() throws {
        let before = Watching.openInotifyDescriptors()
        let recorder = DirtyRecorder()
        let watcher = started(recorder: recorder)
        XCTAssertEqual(Watching.openInotifyDescriptors(), before + 1)
        try Watching.photo(root + "/first.jpg")
        Watching.wait(until: { recorder.count > 0 })

        watcher.stop()
        XCTAssertEqual(Watching.openInotifyDescriptors(), before, "the thread closed its descriptor before stop returned")
        XCTAssertEqual(watcher.watchedFolders, [])
        let count = recorder.count
        try Watching.photo(root + "/after-stop.jpg")
        Watching.settle()
        XCTAssertEqual(recorder.count, count)
        watcher.stop()  // twice is harmless
    }

    func testQueueOverflowAsksForEverythingAndRewalks() throws {
        let limit = Int((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16384
        if limit > 50_000 { throw XCTSkip("max_queued_events is \(limit): too many files to overflow it") }
        let gate = DispatchSemaphore(value: 0)
        let recorder = DirtyRecorder()
        let blocked = Mutex(true)
        // The first report blocks the watcher's thread, so the kernel queue fills up meanwhile.
        let watcher = InotifyWatcher(roots: [RawPath(root)], watchLimit: nil) { dirty in
            if blocked.withLock({ b in defer { b = false }; return b }) { gate.wait() }
            recorder.record(dirty)
        }
        watchers.append(watcher)
        XCTAssertTrue(watcher.start())
        XCTAssertTrue(watcher.waitUntilWatching())
        try Watching.photo(root + "/trigger.jpg")
        Watching.wait(until: { blocked.withLock { !$0 } })

        for i in 0..<(limit + 100) {  // at least one event each, in a folder watched already
            let fd = open(root + "/Screenshots/f\(i)", O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
            XCTAssertGreaterThanOrEqual(fd, 0)
            close(fd)
        }
        // The queue is full by now: this folder's creation event is lost.
        try FileManager.default.createDirectory(atPath: root + "/Unseen", withIntermediateDirectories: true)
        gate.signal()
        Watching.wait(until: { recorder.all.contains(where: \.everything) }, "no overflow reported")
        Watching.wait(until: { self.watched(watcher).contains(self.root + "/Unseen") },
                      "a folder whose creation event was lost is watched after the re-walk")
    }
}
