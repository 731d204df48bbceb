import PhotoPickCore
import PhotoPickMedia
import XCTest

/// Which thumbnail is asked for next, without GTK or workers: the screen first (quick passes
/// before full ones), then the prefetch in scroll order, bound order without a viewport;
/// withdrawn and replaced work is cancelled, duplicates are one request, and the capacity holds.
final class ThumbnailScheduleTests: XCTestCase {
    private var settledIDs: Set<AssetID> = []
    private var previewIDs: Set<AssetID> = []

    private func schedule(capacity: Int) -> ThumbnailSchedule {
        ThumbnailSchedule(capacity: capacity, settled: { [unowned self] in settledIDs.contains($0) },
                          hasPreview: { [unowned self] in previewIDs.contains($0) })
    }

    private static func jpeg(_ n: UInt32) -> ThumbnailTarget {
        ThumbnailTarget(id: AssetID(n), path: RawPath("/p/\(n).jpg"), mimeType: "image/jpeg")
    }

    private static func png(_ n: UInt32) -> ThumbnailTarget {
        ThumbnailTarget(id: AssetID(n), path: RawPath("/p/\(n).png"), mimeType: "image/png")
    }

    private static func ids(_ d: [ThumbnailSchedule.Dispatch]) -> [UInt32] { d.map(\.target.id.rawValue) }

    func testWithoutAViewportBoundTilesGoInBindOrder() {
        var s = schedule(capacity: 10)
        for n: UInt32 in [5, 3, 9] { s.bind(Self.png(n)) }
        XCTAssertEqual(Self.ids(s.take()), [5, 3, 9])
    }

    func testTheScreenComesFirstQuickPassesBeforeFullOnes() {
        var s = schedule(capacity: 10)
        for n: UInt32 in 1...6 { s.bind(n % 2 == 0 ? Self.jpeg(n) : Self.png(n)) }
        s.setViewport([4, 3, 2, 1].map(AssetID.init))
        let sent = s.take()
        // On screen: the JPEGs' quick passes (in reading order), then the PNGs' full ones.
        XCTAssertEqual(Self.ids(sent), [4, 2, 3, 1])
        XCTAssertEqual(sent.map(\.kind), [.quick, .quick, .full, .full])
        // Bound but off screen: nothing, while a viewport is known.
        XCTAssertEqual(s.take(), [])
    }

    func testThePrefetchFollowsTheScreenNearestFirst() {
        var s = schedule(capacity: 10)
        s.bind(Self.png(1))
        s.setViewport([AssetID(1)])
        s.prefetch([Self.png(7), Self.png(8), Self.png(6)])
        XCTAssertEqual(Self.ids(s.take()), [1, 7, 8, 6])
    }

    func testAFullQueueSendsNoMoreThanItsCapacityAndRefillsAsRepliesCome() {
        var s = schedule(capacity: 2)
        for n: UInt32 in 1...5 { s.bind(Self.png(n)) }
        let first = s.take()
        XCTAssertEqual(Self.ids(first), [1, 2])
        XCTAssertEqual(s.take(), [])
        XCTAssertEqual(s.inFlight, 2)
        XCTAssertTrue(s.finish(first[0], .final))
        XCTAssertEqual(Self.ids(s.take()), [3])
        XCTAssertEqual(s.inFlight, 2)
    }

    func testUnbindingCancelsWorkNotYetSent() {
        var s = schedule(capacity: 1)
        for n: UInt32 in 1...3 { s.bind(Self.png(n)) }
        let sent = s.take()
        XCTAssertEqual(Self.ids(sent), [1])
        XCTAssertTrue(s.unbind(AssetID(2)))
        XCTAssertFalse(s.hasWork(AssetID(2)))
        _ = s.finish(sent[0], .final)
        XCTAssertEqual(Self.ids(s.take()), [3])
    }

    func testUnbindingWhatIsInFlightLetsItFinishAndKeepsTheResult() {
        var s = schedule(capacity: 1)
        s.bind(Self.png(1))
        let sent = s.take()
        s.unbind(AssetID(1))
        XCTAssertTrue(s.hasWork(AssetID(1)))
        XCTAssertTrue(s.finish(sent[0], .final))
        XCTAssertFalse(s.hasWork(AssetID(1)))
    }

    func testANewPrefetchCancelsWhatTheOldOneNamedAndNoTileShows() {
        var s = schedule(capacity: 10)
        s.setViewport([AssetID(99)])
        s.prefetch([Self.png(1), Self.png(2)])
        s.prefetch([Self.png(3)])
        XCTAssertFalse(s.hasWork(AssetID(1)))
        XCTAssertEqual(Self.ids(s.take()), [3])
    }

    func testTwoTilesOfOneAssetAreOneRequestAndItStaysWantedUntilBothGo() {
        var s = schedule(capacity: 10)
        XCTAssertTrue(s.bind(Self.png(1)))
        XCTAssertFalse(s.bind(Self.png(1)))
        s.prefetch([Self.png(1)])
        XCTAssertEqual(Self.ids(s.take()), [1])
        XCTAssertFalse(s.unbind(AssetID(1)))
        XCTAssertTrue(s.isWanted(AssetID(1)))
        XCTAssertTrue(s.unbind(AssetID(1)))
        XCTAssertFalse(s.isWanted(AssetID(1)))
    }

    func testWhatIsAlreadySettledIsNotAskedFor() {
        settledIDs = [AssetID(2)]
        var s = schedule(capacity: 10)
        for n: UInt32 in 1...3 { s.bind(Self.png(n)) }
        XCTAssertEqual(Self.ids(s.take()), [1, 3])
    }

    func testADegradedPreviewIsFollowedByTheFullPass() {
        var s = schedule(capacity: 10)
        s.bind(Self.jpeg(1))
        let quick = s.take()
        XCTAssertEqual(quick.map(\.kind), [.quick])
        XCTAssertTrue(s.finish(quick[0], .degraded))
        let full = s.take()
        XCTAssertEqual(full.map(\.kind), [.full])
        XCTAssertTrue(s.finish(full[0], .final))
        XCTAssertEqual(s.take(), [])
        XCTAssertFalse(s.hasWork(AssetID(1)))
    }

    func testAnAssetWithAPreviewSkipsTheQuickPass() {
        previewIDs = [AssetID(1)]
        var s = schedule(capacity: 10)
        s.bind(Self.jpeg(1))
        XCTAssertEqual(s.take().map(\.kind), [.full])
    }

    func testAReplyFromBeforeAReloadIsStaleAndTheAssetIsAskedForAgain() {
        var s = schedule(capacity: 10)
        s.bind(Self.png(1))
        let old = s.take()
        s.reload(Self.png(1))
        XCTAssertEqual(s.take(), [])  // still in flight
        XCTAssertFalse(s.finish(old[0], .final))
        let again = s.take()
        XCTAssertEqual(Self.ids(again), [1])
        XCTAssertEqual(again[0].generation, old[0].generation + 1)
        XCTAssertTrue(s.finish(again[0], .final))
    }

    func testAResizeAsksForEveryWantedAssetAgainAtFullQuality() {
        var s = schedule(capacity: 10)
        s.bind(Self.jpeg(1))
        s.bind(Self.png(2))
        let sent = s.take()
        XCTAssertTrue(s.finish(sent[1], .final))
        s.resize()
        XCTAssertFalse(s.finish(sent[0], .degraded))  // made for the old size
        let again = s.take()
        XCTAssertEqual(Set(Self.ids(again)), [1, 2])
        XCTAssertEqual(again.map(\.kind), [.full, .full])
    }
}
