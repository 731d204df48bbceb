import PhotoPickCore
import PhotoPickSystem
import Synchronization
import XCTest

/// The scan and the watcher as the window drives them, without a display or a disk: a
/// scripted walk (`ScriptedPasses`) and a fake watcher (`FakeWatcher`).
final class ScanOrchestrationTests: XCTestCase {
    private static func file(_ name: String, size: Int64 = 10) -> DiscoveredFile {
        DiscoveredFile(path: RawPath("/lib/" + name), root: RawPath("/lib"), mimeType: "image/jpeg", kind: .photo,
                       sizeBytes: size, modified: 1, device: 1, inode: UInt64(abs(name.hashValue) % 100_000 + 1))
    }

    private func collect(_ scan: LibraryScan) async -> [ScanEvent] {
        var events: [ScanEvent] = []
        for await event in scan.events() { events.append(event) }
        return events
    }

    // MARK: - LibraryScan

    func testListedThenRefinedThenFinishedInOrder() async {
        let a = Self.file("a.jpg"), b = Self.file("b.jpg"), c = Self.file("c.jpg"), d = Self.file("d.png")
        let problem = ScanProblem(path: RawPath("/lib/locked"), code: 13, reason: "Permission denied")
        let passes = ScriptedPasses(listed: [[a, b], [c]],
                                    refinements: [ScanRefinement(updated: [a]), ScanRefinement(added: [d], removed: [c.path])],
                                    problems: [problem])
        let events = await collect(LibraryScan(interval: 0, refine: true) { passes })

        let listed = events.flatMap { event -> [DiscoveredFile] in
            if case .listed(let files) = event { return files }
            return []
        }
        XCTAssertEqual(listed, [a, b, c], "every listed file arrives once, in the walk's order")
        let firstRefined = events.firstIndex { event in
            if case .refined = event { return true }
            return false
        }
        let lastListed = events.lastIndex { event in
            if case .listed = event { return true }
            return false
        }
        XCTAssertNotNil(firstRefined)
        XCTAssertLessThan(lastListed!, firstRefined!, "a file is listed before it is refined")
        var merged = ScanRefinement()
        for case .refined(let r) in events { merged.merge(r) }
        XCTAssertEqual(merged, ScanRefinement(updated: [a], added: [d], removed: [c.path]))
        XCTAssertEqual(events.last, ScanEvent.finished([problem]), "the end comes last, with the problems")
        XCTAssertEqual(passes.log, ["listed", "listed", "listing-finished", "refined", "refined"])
    }

    func testOnePassHasNoRefinements() async {
        let a = Self.file("a.jpg")
        let passes = ScriptedPasses(listed: [[a]], refinements: [ScanRefinement(updated: [a])], problems: [])
        let events = await collect(LibraryScan(interval: 0, refine: false) { passes })
        XCTAssertEqual(events, [ScanEvent.listed([a]), ScanEvent.finished([])])
    }

    func testListingIsHeldBackUntilComplete() async {
        // Many small batches during the listing reach the consumer as one: each delivery
        // costs the window a relayout.
        let files = (0..<50).map { Self.file("f\($0).jpg") }
        let passes = ScriptedPasses(listed: files.map { [$0] }, refinements: [ScanRefinement()], problems: [])
        let events = await collect(LibraryScan(interval: 0, refine: true) { passes })
        XCTAssertEqual(events.first, ScanEvent.listed(files))
    }

    func testEndingTheIterationCancelsTheScan() async throws {
        let passes = ScriptedPasses(listed: [[Self.file("a.jpg")]],
                                    refinements: Array(repeating: ScanRefinement(updated: [Self.file("a.jpg")]), count: 2000),
                                    problems: [], pause: 0.002)
        var received: [ScanEvent] = []
        for await event in LibraryScan(interval: 0, refine: true, makePasses: { passes }).events() {
            received.append(event)
            if case .refined = event { break }  // the window went away
        }
        let stopped = await passes.waitUntilDone(timeout: 10)
        XCTAssertTrue(stopped, "the walk ended")
        XCTAssertLessThan(passes.refinedCount, 2000, "the walk stopped early, told by isCancelled")
        XCTAssertFalse(received.contains { event in
            if case .finished = event { return true }
            return false
        })
    }

    // MARK: - LiveLibrary

    func testWatcherChangeDuringTheScanWinsOverOlderScanBatches() async {
        let a = Self.file("a.jpg"), b = Self.file("b.jpg"), c = Self.file("c.jpg"), d = Self.file("d.jpg")
        let fake = FakeWatcher()
        let live = LiveLibrary(recheckDelay: .seconds(3600)) { snapshot, deliver in fake.attach(snapshot, deliver) }
        live.start()
        XCTAssertEqual(fake.calls, ["start"], "watching starts before the scan's first batch")
        live.scanned([a, b])
        await live.settled()
        // The watcher sees a deleted and c created while the scan is still running.
        fake.deliver(LibraryChangeSet(inserted: [c], deleted: [a.path]))
        live.scanned([d])
        await live.settled()

        var iterator = live.changes.makeAsyncIterator()
        let change = await iterator.next()
        XCTAssertEqual(change?.inserted, [c])
        XCTAssertEqual(change?.deleted, [a.path])
        let known = Set(fake.currentSnapshot().values.flatMap(\.keys))
        XCTAssertEqual(known, [b.path, c.path, d.path], "the change is in the snapshot the next comparison uses")
        live.stop()
        let ended = await iterator.next()
        XCTAssertNil(ended, "no change set after stop")
        XCTAssertEqual(fake.calls, ["start", "stop"])
    }

    func testRefineAfterScanThenOneRecheck() async throws {
        let a = Self.file("a.jpg"), b = Self.file("b.jpg"), e = Self.file("e.jpg")
        let fake = FakeWatcher()
        let live = LiveLibrary(recheckDelay: .milliseconds(50)) { snapshot, deliver in fake.attach(snapshot, deliver) }
        live.start()
        live.scanned([a, b])
        await live.settled()
        // A delivered change removed a; the scan's later refinement still names a as updated.
        fake.deliver(LibraryChangeSet(deleted: [a.path]))
        let updatedA = Self.file("a.jpg", size: 99)
        live.refined(ScanRefinement(updated: [updatedA], added: [e], removed: [b.path]))
        await live.settled()
        XCTAssertEqual(Set(fake.currentSnapshot().values.flatMap(\.keys)), [e.path],
                       "refined: b dropped, e found, a stays removed")
        XCTAssertFalse(fake.calls.contains("rescan"), "no re-check before the scan has finished")

        live.scanFinished()
        await live.settled()
        let deadline = ContinuousClock.now + .seconds(10)
        while !fake.calls.contains("rescan"), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(fake.calls.filter { $0 == "rescan" }.count, 1, "everything is re-listed once after the scan")
        live.stop()
    }

    /// An index-first open (the window's way): the index's files go in as a scan batch, then
    /// one re-check compares the disk with them; its answer updates the snapshot and comes
    /// out of `changes`, and no second re-listing follows.
    func testAnIndexFirstOpenRechecksOnceAgainstTheIndexsFiles() async throws {
        let a = Self.file("a.jpg"), b = Self.file("b.jpg"), c = Self.file("c.jpg")
        let fake = FakeWatcher()
        let live = LiveLibrary(recheckDelay: .milliseconds(1)) { snapshot, deliver in fake.attach(snapshot, deliver) }
        live.start()
        live.scanned([a, b])
        live.recheckNow()
        await live.settled()
        XCTAssertEqual(fake.calls.filter { $0.hasPrefix("recheck") }, ["recheck 2"], "once, with the index's files in the snapshot")
        let changedB = Self.file("b.jpg", size: 99)
        var answer = LibraryChangeSet(inserted: [c], updated: [changedB], deleted: [a.path])
        answer.completesRecheck = true
        fake.deliver(answer)
        var changes = live.changes.makeAsyncIterator()
        let delivered = await changes.next()
        XCTAssertEqual(delivered, answer)
        let snapshot = fake.currentSnapshot()
        XCTAssertEqual(Set(snapshot.values.flatMap(\.keys)), [b.path, c.path])
        XCTAssertEqual(snapshot.stamp(for: b.path)?.sizeBytes, 99, "a changed file's new stamp")
        try await Task.sleep(for: .milliseconds(50))
        XCTAssertFalse(fake.calls.contains("rescan"), "no second re-listing")
        live.stop()
    }
}

/// A walk that plays back a script, and remembers what it was asked.
private final class ScriptedPasses: ScanPasses, Sendable {
    private let listed: [[DiscoveredFile]]
    private let refinements: [ScanRefinement]
    private let problems: [ScanProblem]
    private let pause: Double
    private struct State { var log: [String] = []; var refined = 0; var done = false }
    private let state = Mutex(State())

    init(listed: [[DiscoveredFile]], refinements: [ScanRefinement], problems: [ScanProblem], pause: Double = 0) {
        self.listed = listed
        self.refinements = refinements
        self.problems = problems
        self.pause = pause
    }

    var log: [String] { state.withLock { $0.log } }
    var refinedCount: Int { state.withLock { $0.refined } }

    func run(refine: Bool, isCancelled: () -> Bool, onListed: ([DiscoveredFile]) -> Void,
             onListingFinished: () -> Void, onRefined: (ScanRefinement) -> Void) -> [ScanProblem] {
        defer { state.withLock { $0.done = true } }
        for batch in listed {
            state.withLock { $0.log.append("listed") }
            onListed(batch)
        }
        guard refine else { return problems }
        state.withLock { $0.log.append("listing-finished") }
        onListingFinished()
        for refinement in refinements {
            if isCancelled() { break }
            if pause > 0 { usleep(useconds_t(pause * 1e6)) }
            state.withLock { $0.log.append("refined"); $0.refined += 1 }
            onRefined(refinement)
        }
        return problems
    }

    func waitUntilDone(timeout: Double) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < deadline {
            if state.withLock({ $0.done }) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }
}

/// A watcher driven by the test: it delivers what it is told to.
private final class FakeWatcher: ChangeWatching {
    private struct State {
        var calls: [String] = []
        var snapshot: (@Sendable () -> LibrarySnapshot)?
        var deliver: (@Sendable (LibraryChangeSet) -> Void)?
    }
    private let state = Mutex(State())

    func attach(_ snapshot: @escaping @Sendable () -> LibrarySnapshot,
                _ deliver: @escaping @Sendable (LibraryChangeSet) -> Void) -> any ChangeWatching {
        state.withLock { $0.snapshot = snapshot; $0.deliver = deliver }
        return self
    }

    var calls: [String] { state.withLock { $0.calls } }
    func currentSnapshot() -> LibrarySnapshot { state.withLock { $0.snapshot }?() ?? [:] }
    func deliver(_ change: LibraryChangeSet) { state.withLock { $0.deliver }?(change) }

    func start() { state.withLock { $0.calls.append("start") } }
    func stop() { state.withLock { $0.calls.append("stop") } }
    func rescanEverything() { state.withLock { $0.calls.append("rescan") } }
    func recheckEverything() {
        state.withLock { $0.calls.append("recheck \($0.snapshot?().values.reduce(0) { $0 + $1.count } ?? -1)") }
    }
}
