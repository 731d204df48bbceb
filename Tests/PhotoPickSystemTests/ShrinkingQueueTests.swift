import Glibc
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
            var queue = ShrinkingQueue(taking: &items, step: 4_096)
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

    /// An element handed out and dropped is freed; one not yet handed out is kept.
    func testHandedOutElementsAreTheCallersAlone() {
        final class Tracked {}
        var items = (0..<2_000).map { _ in Tracked() }
        weak let first = items[0]
        weak let last = items[1_999]
        var queue = ShrinkingQueue(taking: &items)
        _ = queue.next(1)
        XCTAssertNil(first)
        _ = queue.next(1_000)
        XCTAssertNotNil(last)
        _ = queue.next(queue.count)
        XCTAssertNil(last)
    }

    /// The pages past the elements left are no longer resident (`mincore`), while those
    /// still holding elements are, and their elements are intact.
    func testPagesPastTheElementsLeftAreHandedBack() throws {
        let total = 4 << 20 / 8  // 4 MB of Ints
        var items = Array(0..<total)
        var queue = ShrinkingQueue(taking: &items, step: 1 << 20)
        XCTAssertEqual(queue.releasedBytes, 0)
        XCTAssertEqual(queue.next(total * 3 / 4).count, total * 3 / 4)
        XCTAssertGreaterThanOrEqual(queue.releasedBytes, 2 << 20)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = queue.withStorageStart { $0.map { Int(bitPattern: $0) } }
        do {
            let base = try XCTUnwrap(start)
            func resident(_ from: Int, _ to: Int) -> [Bool] {
                let first = (from + page - 1) / page * page, last = to / page * page
                var vector = [UInt8](repeating: 0, count: max(0, (last - first) / page))
                guard !vector.isEmpty else { return [] }
                XCTAssertEqual(mincore(UnsafeMutableRawPointer(bitPattern: first), last - first, &vector), 0)
                return vector.map { $0 & 1 == 1 }
            }
            let leftBytes = queue.count * 8
            XCTAssertTrue(resident(base, base + leftBytes).allSatisfy { $0 }, "the elements left stay in memory")
            let past = resident(base + leftBytes, base + total * 8)
            XCTAssertFalse(past.isEmpty)
            XCTAssertTrue(past.dropFirst().allSatisfy { !$0 }, "the pages past them went")  // the first may be shared
        }
        XCTAssertEqual(queue.next(total), Array((total * 3 / 4)..<total), "the elements left are intact, in order")
    }
}
