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

/// The whole chain with real files: inotify → debouncer → folder diff → change sets.
final class WatchingLibraryMonitorTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private var dir: TemporaryDirectory!
    private var sample: SampleLibrary!
    private var root: String { sample.root }
    private var recorder: ChangeRecorder!
    private var monitor: LibraryMonitor!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        sample = try SampleLibrary.make(in: dir)
        recorder = ChangeRecorder(files: Watching.files([sample.root]))
        monitor = LibraryMonitor.recording([sample.root], into: recorder)
        monitor.start()
        XCTAssertTrue(monitor.waitUntilWatching())
    }

    override func tearDown() {
        monitor?.stop()
        monitor = nil
        dir = nil  // XCTest keeps test cases alive: release the folder now so it is removed
    }

    /// After the test's changes: the library the monitor kept in step matches a full rescan.
    private func assertMatchesAFullScan(file: StaticString = #filePath, line: UInt = #line) {
        let scanned = Set(Watching.files([root]).map(\.path.description))
        Watching.wait(until: { self.recorder.known == scanned }, "kept: \(recorder.known.sorted()) scanned: \(scanned.sorted())",
                      file: file, line: line)
    }

    func testAddedPhotoIsInserted() throws {
        try Watching.photo(root + "/Screenshots/new.jpg")
        Watching.wait(until: { self.recorder.inserted == [self.root + "/Screenshots/new.jpg"] }, "\(recorder.all)")
        let file = try XCTUnwrap(recorder.all.first?.inserted.first)
        XCTAssertEqual(file.mimeType, "image/jpeg")
        XCTAssertEqual(file.root, RawPath(root))
        Watching.settle(0.8)
        XCTAssertEqual(recorder.deleted, [])
        XCTAssertEqual(Set(recorder.inserted).count, recorder.inserted.count, "no path inserted twice")
    }

    func testOverwrittenPhotoIsUpdated() throws {
        try ImageFactory.write(root + "/beach.jpg", width: 50, height: 40, format: .png, color: (1, 2, 3))
        Watching.wait(until: { self.recorder.updated.contains(self.root + "/beach.jpg") }, "\(recorder.all)")
        XCTAssertEqual(recorder.all.flatMap(\.updated).last?.mimeType, "image/png")
        XCTAssertEqual(recorder.inserted, [])
        XCTAssertEqual(recorder.deleted, [])
        assertMatchesAFullScan()
    }

    func testDeletedPhotoIsDeleted() throws {
        try FileManager.default.removeItem(atPath: root + "/2024/Trip/trip-3.jpg")
        Watching.wait(until: { self.recorder.deleted == [self.root + "/2024/Trip/trip-3.jpg"] }, "\(recorder.all)")
        XCTAssertEqual(recorder.inserted, [])
        assertMatchesAFullScan()
    }

    func testRenamedPhotoIsDeletedAndInserted() throws {
        XCTAssertEqual(rename(root + "/beach.jpg", root + "/sea.jpg"), 0)
        Watching.wait(until: { self.recorder.deleted == [self.root + "/beach.jpg"] && self.recorder.inserted == [self.root + "/sea.jpg"] },
                      "\(recorder.all)")
        assertMatchesAFullScan()
    }

    func testNewFolderWrittenQuicklyIsInsertedWhole() throws {
        let names = (1...5).map { root + "/New/Album/p\($0).jpg" } + [root + "/New/cover.jpg"]
        try FileManager.default.createDirectory(atPath: root + "/New/Album", withIntermediateDirectories: true)
        for (i, name) in names.enumerated() { try Watching.photo(name, color: (UInt8(i * 40), 50, 90)) }
        Watching.wait(until: { Set(self.recorder.inserted) == Set(names) }, "\(recorder.inserted)")
        Watching.settle(0.8)
        XCTAssertEqual(recorder.inserted.count, names.count, "each once: \(recorder.inserted)")
        XCTAssertEqual(recorder.deleted, [])
        XCTAssertEqual(Set(recorder.all.flatMap(\.insertedAlbums)), [RawPath(root + "/New"), RawPath(root + "/New/Album")])
        assertMatchesAFullScan()
    }

    func testDeletedFolderDeletesEverythingBelow() throws {
        try FileManager.default.removeItem(atPath: root + "/2024")
        let trips = (1...4).map { root + "/2024/Trip/trip-\($0).jpg" }
        Watching.wait(until: { Set(self.recorder.deleted) == Set(trips) }, "\(recorder.all)")
        XCTAssertEqual(recorder.all.flatMap(\.deletedAlbums), [RawPath(root + "/2024/Trip")])
        assertMatchesAFullScan()
    }

    func testFolderMovedOutOfTheLibraryIsDeleted() throws {
        XCTAssertEqual(rename(root + "/Screenshots", dir.path + "/Screenshots-elsewhere"), 0)
        let shots = [root + "/Screenshots/shot-1.png", root + "/Screenshots/shot-2.png"]
        Watching.wait(until: { Set(self.recorder.deleted) == Set(shots) }, "\(recorder.all)")
        // Its watch is gone: changes there are no longer the library's.
        try Watching.photo(dir.path + "/Screenshots-elsewhere/later.jpg")
        try Watching.photo(root + "/barrier.jpg")
        Watching.wait(until: { self.recorder.inserted.contains(self.root + "/barrier.jpg") })
        XCTAssertEqual(recorder.inserted, [root + "/barrier.jpg"])
    }

    func testHiddenFileChangesNothing() throws {
        try Watching.photo(root + "/.hidden.jpg")
        try Watching.photo(root + "/.hidden/another.jpg")
        try Watching.photo(root + "/2024/.thumbs/t.jpg")
        try Watching.photo(root + "/barrier.jpg")  // reported after anything the hidden files caused
        Watching.wait(until: { self.recorder.inserted.contains(self.root + "/barrier.jpg") })
        Watching.settle(0.8)
        XCTAssertEqual(recorder.mentioned, [root + "/barrier.jpg"])
    }

    func testTextFileNamedLikeAPhotoChangesNothing() throws {
        try Watching.text(root + "/Screenshots/fake.jpg")
        try Watching.photo(root + "/barrier.jpg")
        Watching.wait(until: { self.recorder.inserted.contains(self.root + "/barrier.jpg") })
        Watching.settle(0.8)
        XCTAssertEqual(recorder.mentioned, [root + "/barrier.jpg"])
    }

    func testBurstOfTwoHundredFilesArrivesInFewBatches() throws {
        var names: [String] = []
        for i in 0..<200 {
            let name = root + "/Burst/b\(String(format: "%03d", i)).jpg"
            try Watching.photo(name, size: 16, color: (UInt8(i), 80, 160))
            names.append(name)
        }
        Watching.wait(until: { Set(self.recorder.inserted).isSuperset(of: names) },
                      "\(Set(names).subtracting(self.recorder.inserted).count) missing")
        Watching.settle(1.0)
        XCTAssertEqual(recorder.inserted.count, 200, "each file inserted once")
        XCTAssertLessThanOrEqual(recorder.count, 5, "batches: \(recorder.all.map { ($0.inserted.count, $0.updated.count) })")
        assertMatchesAFullScan()
    }

    func testStopEndsDeliveries() throws {
        try Watching.photo(root + "/before-stop.jpg")
        Watching.wait(until: { self.recorder.inserted == [self.root + "/before-stop.jpg"] })
        let before = Watching.openInotifyDescriptors()
        monitor.stop()
        XCTAssertEqual(Watching.openInotifyDescriptors(), before - 1, "the watcher's thread has ended")
        let count = recorder.count
        try Watching.photo(root + "/after-stop.jpg")
        try FileManager.default.removeItem(atPath: root + "/beach.jpg")
        monitor.rescanEverything()
        Watching.settle(1.5)
        XCTAssertEqual(recorder.count, count)
    }

    func testRescanEverythingOfAnUnchangedLibraryFindsNothingEvenWithLinks() throws {
        monitor.stop()
        try FileManager.default.createSymbolicLink(atPath: root + "/loop", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: root + "/Trip-link", withDestinationPath: "2024/Trip")
        let recorder = ChangeRecorder(files: Watching.files([root]))
        let monitor = LibraryMonitor.recording([root], into: recorder)
        defer { monitor.stop() }
        monitor.start()
        XCTAssertTrue(monitor.waitUntilWatching())
        monitor.rescanEverything()
        try Watching.photo(root + "/barrier.jpg")
        Watching.wait(until: { recorder.inserted.contains(self.root + "/barrier.jpg") })
        Watching.settle(0.8)
        XCTAssertEqual(recorder.mentioned, [root + "/barrier.jpg"])
    }

    /// An index-first open's one re-listing: the differences with a stale snapshot come in one
    /// set marked as the re-check's; an unchanged library still gets its (empty) answer.
    func testRecheckEverythingAnswersOnceWithTheDifferencesOrNothing() throws {
        monitor.stop()
        let stale = ChangeRecorder(files: Watching.files([root]))
        try Watching.photo(root + "/2024/Trip/while-closed.jpg")
        try FileManager.default.removeItem(atPath: root + "/Screenshots/shot-1.png")
        let monitor = LibraryMonitor.recording([root], into: stale)
        defer { monitor.stop() }
        monitor.start()
        monitor.recheckEverything()  // waits for the watches itself
        Watching.wait(until: { stale.all.contains(where: \.completesRecheck) }, "\(stale.all)")
        let answer = try XCTUnwrap(stale.all.first(where: \.completesRecheck))
        XCTAssertEqual(answer.inserted.map(\.path.description), [root + "/2024/Trip/while-closed.jpg"])
        XCTAssertEqual(answer.deleted.map(\.description), [root + "/Screenshots/shot-1.png"])
        XCTAssertEqual(stale.known, Set(Watching.files([root]).map(\.path.description)))

        monitor.recheckEverything()
        Watching.wait(until: { stale.all.filter(\.completesRecheck).count == 2 }, "\(stale.all)")
        let second = try XCTUnwrap(stale.all.last)
        XCTAssertTrue(second.completesRecheck)
        XCTAssertTrue(second.inserted.isEmpty && second.updated.isEmpty && second.deleted.isEmpty, "\(second)")
        Watching.settle(0.8)
        XCTAssertEqual(stale.all.filter { !$0.completesRecheck }, [], "nothing else was delivered")
    }

    func testRestartAfterStopDeliversAgain() throws {
        monitor.stop()
        try Watching.photo(root + "/while-stopped.jpg")
        monitor.start()
        XCTAssertTrue(monitor.waitUntilWatching())
        monitor.rescanEverything()
        try Watching.photo(root + "/Screenshots/after-restart.jpg")
        Watching.wait(until: { Set(self.recorder.inserted) == [self.root + "/while-stopped.jpg", self.root + "/Screenshots/after-restart.jpg"] },
                      "\(recorder.all)")
    }

    func testRescanEverythingCatchesChangesTheSnapshotMissed() throws {
        // As after the initial scan: the library's snapshot lacks files changed meanwhile.
        monitor.stop()
        let stale = ChangeRecorder(files: Watching.files([root]))
        try Watching.photo(root + "/2024/Trip/during-scan.jpg")
        try Watching.photo(root + "/Elsewhere/During/new.jpg")
        try FileManager.default.removeItem(atPath: root + "/Screenshots/shot-1.png")
        let monitor = LibraryMonitor.recording([root], into: stale)
        defer { monitor.stop() }
        monitor.start()
        XCTAssertTrue(monitor.waitUntilWatching())
        monitor.rescanEverything()
        Watching.wait(until: { Set(stale.inserted) == [self.root + "/2024/Trip/during-scan.jpg", self.root + "/Elsewhere/During/new.jpg"]
                        && stale.deleted == [self.root + "/Screenshots/shot-1.png"] }, "\(stale.all)")
    }

    func testLaggingLibraryStillSeesARenameOfAJustInsertedFile() throws {
        // A library that never applies anything: only the monitor's own memory of what it
        // delivered can tell that the renamed file had been reported.
        monitor.stop()
        let frozen = LibrarySnapshotStore(files: Watching.files([root])).snapshot()
        let recorder = ChangeRecorder(files: [])
        let monitor = LibraryMonitor(roots: [RawPath(root)], sniffer: GIOContentTypeSniffer(), metadataReader: nil, quietPeriod: 0.3,
                                     maxLatency: 2, watchLimit: nil, snapshot: { frozen },
                                     deliver: { recorder.deliver($0) })
        defer { monitor.stop() }
        monitor.start()
        XCTAssertTrue(monitor.waitUntilWatching())
        try Watching.photo(root + "/fresh.jpg")
        Watching.wait(until: { recorder.inserted.contains(self.root + "/fresh.jpg") })
        XCTAssertEqual(rename(root + "/fresh.jpg", root + "/renamed.jpg"), 0)
        Watching.wait(until: { recorder.deleted.contains(self.root + "/fresh.jpg") && recorder.inserted.contains(self.root + "/renamed.jpg") },
                      "\(recorder.all)")
        XCTAssertEqual(recorder.inserted.filter { $0.hasSuffix("/fresh.jpg") }.count, 1)
    }

    func testWatchLimitProblemIsDeliveredAndWatchedFoldersStayLive() throws {
        monitor.stop()
        let recorder = ChangeRecorder(files: Watching.files([root]))
        let monitor = LibraryMonitor.recording([root], into: recorder, watchLimit: 1)
        defer { monitor.stop() }
        monitor.start()
        XCTAssertTrue(monitor.waitUntilWatching())
        Watching.wait(until: { recorder.problems.map(\.code) == [ENOSPC] }, "\(recorder.all)")
        try Watching.photo(root + "/live.jpg")
        Watching.wait(until: { recorder.inserted == [self.root + "/live.jpg"] })
    }
}
