import Foundation
@testable import PhotoPickCore
@testable import PhotoPickSystem
import Synchronization
import XCTest

final class WatchingDebouncerTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private func dirty(_ names: String...) -> DirtyFolders {
        DirtyFolders(folders: Set(names.map { RawPath("/lib/" + $0) }))
    }

    func testReportsInOneQuietPeriodBecomeOneBatch() {
        let recorder = DirtyRecorder()
        let debouncer = Debouncer(quietPeriod: 0.25, maxLatency: 5) { recorder.record($0) }
        for name in ["a", "b", "c", "a", "d"] { debouncer.add(dirty(name)) }
        debouncer.add(DirtyFolders(problems: [ScanProblem(path: RawPath("/lib/x"), code: 28, reason: "full")]))

        Watching.wait(until: { recorder.count >= 1 })
        Watching.settle()
        XCTAssertEqual(recorder.count, 1)
        XCTAssertEqual(recorder.folders, ["/lib/a", "/lib/b", "/lib/c", "/lib/d"])
        XCTAssertEqual(recorder.problems.map(\.code), [28])
    }

    func testASteadyStreamStillDeliversWithinTheMaximumLatency() {
        let recorder = DirtyRecorder()
        let debouncer = Debouncer(quietPeriod: 0.3, maxLatency: 0.6) { recorder.record($0) }
        // A report every 50 ms for 2.5 s: never quiet for 0.3 s, so only the latency bound delivers.
        var sent = Set<String>()
        for i in 0..<50 {
            debouncer.add(dirty("f\(i)"))
            sent.insert("/lib/f\(i)")
            usleep(50_000)
        }
        let deliveredWhileBusy = recorder.count
        XCTAssertGreaterThanOrEqual(deliveredWhileBusy, 1, "nothing delivered during a 2.5 s stream")
        Watching.wait(until: { recorder.folders == sent }, "every folder is delivered")
        XCTAssertLessThan(recorder.count, 50, "reports were coalesced")
    }

    func testEverythingFlagSurvivesCoalescing() {
        let recorder = DirtyRecorder()
        let debouncer = Debouncer(quietPeriod: 0.1, maxLatency: 1) { recorder.record($0) }
        debouncer.add(dirty("a"))
        debouncer.add(DirtyFolders(everything: true))
        debouncer.add(dirty("b"))
        Watching.wait(until: { recorder.count >= 1 })
        Watching.settle(0.5)
        XCTAssertEqual(recorder.all, [DirtyFolders(folders: [RawPath("/lib/a"), RawPath("/lib/b")], everything: true)])
    }

    func testCancelDropsWhatIsPendingAndWhatComesLater() {
        let recorder = DirtyRecorder()
        let debouncer = Debouncer(quietPeriod: 0.1, maxLatency: 1) { recorder.record($0) }
        debouncer.add(dirty("a"))
        debouncer.cancel()
        debouncer.add(dirty("b"))
        Watching.settle(0.6)
        debouncer.waitForDelivery()
        XCTAssertEqual(recorder.count, 0)

        debouncer.resume()
        debouncer.add(dirty("c"))
        Watching.wait(until: { recorder.count == 1 })
        XCTAssertEqual(recorder.folders, ["/lib/c"], "nothing from before the cancel")
    }

    /// deliverNow and the timer share one path: what is pending goes out with the extra, once,
    /// on the calling thread; an extra alone goes out too; a cancelled debouncer sends nothing.
    func testDeliverNowSendsWhatIsPendingWithTheExtraOnce() {
        let recorder = DirtyRecorder()
        let debouncer = Debouncer(quietPeriod: 0.2, maxLatency: 1) { recorder.record($0) }
        debouncer.add(dirty("a"))
        debouncer.deliverNow(DirtyFolders(everything: true, reportsRecheck: true))
        XCTAssertEqual(recorder.all, [DirtyFolders(folders: [RawPath("/lib/a")], everything: true, reportsRecheck: true)],
                       "delivered before deliverNow returned, pending and extra in one batch")
        Watching.settle(0.5)
        XCTAssertEqual(recorder.count, 1, "the timer finds nothing left to deliver")

        debouncer.deliverNow(dirty("b"))
        XCTAssertEqual(recorder.count, 2, "an extra alone is delivered")
        XCTAssertEqual(recorder.all.last, dirty("b"))

        debouncer.cancel()
        debouncer.deliverNow(dirty("c"))
        XCTAssertEqual(recorder.count, 2, "nothing after a cancel")
    }

    func testEmptyReportsAreIgnored() {
        let recorder = DirtyRecorder()
        let debouncer = Debouncer(quietPeriod: 0.05, maxLatency: 1) { recorder.record($0) }
        debouncer.add(DirtyFolders())
        debouncer.add(dirty("barrier"))
        Watching.wait(until: { recorder.count == 1 })
        XCTAssertEqual(recorder.folders, ["/lib/barrier"])
    }
}
