@testable import PhotoPickSystem
import XCTest

/// `ShrinkingQueue`: the verifying pass's candidates, handed out in order, their memory
/// going as they are.
final class ShrinkingQueueTests: XCTestCase {
    /// Every element once, in the original order, for rounds of any size (none, one, odd,
    /// more than is left, negative), and the count after each round.
    func testHandsOutEveryElementOnceInOrder() {
        for total in [0, 1, 2, 7, 4_096, 10_001] {
            var items = Array(0..<total)
            var queue = ShrinkingQueue(taking: &items, smallest: 16)
            XCTAssertTrue(items.isEmpty, "the list is taken, not copied")
            var out: [Int] = []
            let sizes = [0, 1, 3, -2, 512, 1_000, 7]
            var step = 0
            while !queue.isEmpty {
                let n = sizes[step % sizes.count]
                let before = queue.count
                let round = queue.next(n)
                XCTAssertEqual(round.count, min(max(n, 0), before))
                XCTAssertEqual(queue.count, before - round.count)
                out += round
                step += 1
            }
            XCTAssertEqual(out, Array(0..<total), "\(total)")
            XCTAssertEqual(queue.next(5), [])
        }
    }

    /// The storage shrinks as rounds are taken (never more than twice what is left, above the
    /// smallest size), and an element handed out and dropped is freed.
    func testMemoryGoesAsElementsAreHandedOut() {
        final class Tracked {}
        var items = (0..<20_000).map { _ in Tracked() }
        weak let first = items[0]
        weak let last = items[19_999]
        var queue = ShrinkingQueue(taking: &items, smallest: 64)
        let full = queue.capacity
        XCTAssertGreaterThanOrEqual(full, 20_000)
        _ = queue.next(1)
        XCTAssertNil(first, "a handed-out element is the caller's alone")
        while queue.count > 777 + 100 {  // the last element stays in
            _ = queue.next(777)
            XCTAssertLessThanOrEqual(queue.capacity, max(64, 2 * queue.count + 777 * 2), "storage at most about twice what is left")
        }
        XCTAssertLessThan(queue.capacity, full / 10)
        XCTAssertNotNil(last, "not yet handed out")
        _ = queue.next(queue.count)
        XCTAssertNil(last)
    }
}
