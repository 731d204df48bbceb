import XCTest
@testable import PhotoPickSystem

/// The stall probe hears of every main-thread span through one stored closure. Stored in a
/// Mutex, reading it back re-wrapped it in reabstraction thunks each time, so the n-th call
/// ran n layers deep: 100+ ms frames after a minute of scrolling. The call's stack depth is
/// the fact that shows it, without timing anything.
final class TraceSpanObserverTests: XCTestCase {
    func testTheObserverIsCalledAtTheSameDepthEveryTime() {
        MainActor.assumeIsolated {
            var depths: [Int] = []
            Trace.observeMainThreadSpans { name, _ in
                guard name == "probe" else { return }
                depths.append(Thread.callStackReturnAddresses.count)
            }
            for _ in 0..<500 { Trace.noteSpan("probe", ms: 1) }
            Trace.observeMainThreadSpans { _, _ in }
            XCTAssertEqual(depths.count, 500)
            XCTAssertEqual(depths.first, depths.last, "the 500th call ran deeper than the first: \(depths.first ?? 0) → \(depths.last ?? 0)")
        }
    }
}
