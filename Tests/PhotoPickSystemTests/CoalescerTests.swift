import PhotoPickSystem
import XCTest

/// `Coalescer`'s cap: from the delivery it names on, a pending value that reached the limit
/// is sent at once, however short the time since the last; before it, values wait their
/// interval (here an hour: nothing is sent by the clock during the test).
final class CoalescerTests: XCTestCase {
    private func coalescer(cap limit: Int, from: Int) -> Coalescer<[Int]> {
        var c = Coalescer<[Int]>(interval: 3_600, empty: [], merge: +=)
        c.cap = (limit, from, \.count)
        return c
    }

    func testFromTheThirdDeliveryOnAFullValueIsSentAtOnce() {
        var c = coalescer(cap: 4, from: 3)
        var sent: [[Int]] = []
        c.add([0]) { sent.append($0) }  // the first: at once (no interval waited yet)
        for i in 1...10 { c.add([i]) { sent.append($0) } }
        XCTAssertEqual(sent, [[0]], "the second delivery is not capped: it waits for its interval")
        c.drain { sent.append($0) }
        XCTAssertEqual(sent, [[0], Array(1...10)])
        for i in 11...20 { c.add([i]) { sent.append($0) } }
        XCTAssertEqual(sent, [[0], Array(1...10), [11, 12, 13, 14], [15, 16, 17, 18]], "capped at four")
        c.drain { sent.append($0) }
        XCTAssertEqual(sent.last, [19, 20], "the rest when drained")
        XCTAssertEqual(c.deliveries, 5)
    }

    func testAValueAddedWholeAboveTheLimitGoesInOne() {
        var c = coalescer(cap: 4, from: 1)
        c.waitFirst()
        var sent: [[Int]] = []
        c.add([1, 2]) { sent.append($0) }
        XCTAssertEqual(sent, [], "below the limit it waits")
        c.add(Array(3...9)) { sent.append($0) }
        XCTAssertEqual(sent, [Array(1...9)], "a value is never split")
    }

    func testWithoutACapValuesWaitTheirInterval() {
        var c = Coalescer<[Int]>(interval: 3_600, empty: [], merge: +=)
        c.waitFirst()
        var sent: [[Int]] = []
        for i in 0..<100 { c.add([i]) { sent.append($0) } }
        XCTAssertEqual(sent, [])
        c.drain { sent.append($0) }
        XCTAssertEqual(sent, [Array(0..<100)])
    }
}
