@testable import PhotoPickSystem
import XCTest

/// The scan's newest-first order of its candidates, sorted through indices to spare the
/// standard sort's buffer: the same order as a stable sort, ties in listing order.
final class SortThroughIndicesTests: XCTestCase {
    private struct Item: Equatable {
        let key: Int
        let position: Int
    }

    func testEqualsAStableSortWithTies() {
        var rng = SystemRandomNumberGenerator()
        for size in [0, 1, 2, 3, 17, 1_000, 20_000] {
            for keys in [1, 3, 50, 1_000_000] {
                let items = (0..<size).map { Item(key: Int.random(in: 0..<keys, using: &rng), position: $0) }
                var sorted = items
                sorted.sortThroughIndices { $0.key > $1.key }
                // The stable reference: by key, newest first, then by position.
                let reference = items.sorted { $0.key != $1.key ? $0.key > $1.key : $0.position < $1.position }
                XCTAssertEqual(sorted, reference, "size \(size), \(keys) keys")
            }
        }
    }

    func testAlreadySortedAndReversedInputs() {
        var ascending = Array(0..<5_000)
        ascending.sortThroughIndices(by: >)
        XCTAssertEqual(ascending, Array((0..<5_000).reversed()))
        ascending.sortThroughIndices(by: >)
        XCTAssertEqual(ascending, Array((0..<5_000).reversed()), "sorted input stays")
    }
}
