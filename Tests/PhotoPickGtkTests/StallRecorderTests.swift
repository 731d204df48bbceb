import XCTest
@testable import PhotoPickGtk

/// The stall probe's arithmetic: main-loop gaps in, the longest, the 99th percentile and the
/// count of stalls at or over the target out. No display, nothing timed: the gaps are given.
final class StallRecorderTests: XCTestCase {
    func testNoGapsIsAllZero() {
        let r = StallRecorder()
        XCTAssertEqual(r.count, 0)
        XCTAssertEqual(r.maxMs, 0)
        XCTAssertEqual(r.p99Ms, 0)
        XCTAssertEqual(r.summary, "max 0.0 ms p99 0.0 ms over-50 0 beats 0 cpu-max 0.0 ms")
    }

    func testTheLongestGapIsExactAndOneOutlierInAHundredStaysOutOfP99() {
        var r = StallRecorder()
        for _ in 0..<99 { r.record(gapMs: 8.3) }
        r.record(gapMs: 120.4)
        XCTAssertEqual(r.count, 100)
        XCTAssertEqual(r.maxMs, 120.4, accuracy: 1e-9)
        XCTAssertEqual(r.p99Ms, 9)  // the upper edge of the 8 ms bucket
        XCTAssertEqual(r.overThreshold, 1)
        r.record(gapMs: 70)  // two outliers in 101: the 99th percentile reaches them
        XCTAssertEqual(r.p99Ms, 71)
        XCTAssertEqual(r.overThreshold, 2)
    }

    func testPercentileNeverExceedsTheLongestGap() {
        var r = StallRecorder()
        for _ in 0..<10 { r.record(gapMs: 8.25) }
        XCTAssertEqual(r.p99Ms, 8.25, accuracy: 1e-9)
        XCTAssertEqual(r.percentile(0.5), 8.25, accuracy: 1e-9)
    }

    func testTheThresholdIsInclusive() {
        var r = StallRecorder(threshold: 50)
        r.record(gapMs: 49.99)
        r.record(gapMs: 50)
        XCTAssertEqual(r.overThreshold, 1)
    }

    func testHugeAndBogusGapsAreSafe() {
        var r = StallRecorder()
        r.record(gapMs: 5_000)  // beyond the buckets: counted in the last, max stays exact
        r.record(gapMs: -3)  // a clock going back: ignored
        r.record(gapMs: .nan)
        r.record(gapMs: .infinity)
        XCTAssertEqual(r.count, 1)
        XCTAssertEqual(r.maxMs, 5_000)
        XCTAssertEqual(r.p99Ms, 5_000)
        XCTAssertTrue(r.summary.hasPrefix("max 5000.0 ms p99 5000.0 ms over-50 1 beats 1"), r.summary)
    }

    func testTheMostCPUInOneGapIsKeptAndNeverExceedsTheGap() {
        var r = StallRecorder()
        r.record(gapMs: 300, cpuMs: 12)  // a long wait for the core: little work of its own
        r.record(gapMs: 60, cpuMs: 55)
        r.record(gapMs: 9, cpuMs: 40)  // a thread clock ahead of the wall clock's reading
        XCTAssertEqual(r.maxCpuMs, 55)
        XCTAssertTrue(r.summary.hasSuffix("beats 3 cpu-max 55.0 ms"), r.summary)
    }

    func testResetStartsAfreshWithTheSameThreshold() {
        var r = StallRecorder(threshold: 16)
        r.record(gapMs: 30)
        r.reset()
        XCTAssertEqual(r, StallRecorder(threshold: 16))
        XCTAssertEqual(r.threshold, 16)
    }
}
