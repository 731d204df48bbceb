@testable import PhotoPickIndex
import TestSupportCore
import XCTest

/// `NewestRows`: the newest rows of a stream, as a sort of all of them then a cut would give,
/// with each row's bytes copied only when it is kept.
final class NewestRowsTests: XCTestCase {
    func testKeepsWhatASortWouldKeepNewestFirst() {
        var generator = SeededGenerator(seed: 19)
        let odd: [Double] = [.infinity, -.infinity, 0, -0.0, 1e300, -1e300, 253_402_214_399, -62_135_510_400]
        for (count, capacity) in [(0, 5), (3, 5), (5, 5), (2_000, 1), (2_000, 1_000), (5_000, 0), (10_000, 37)] {
            var dates: [Double] = []
            for i in 0..<count {
                switch i % 5 {
                case 0: dates.append(odd.randomElement(using: &generator)!)
                case 1: dates.append(Double(Int.random(in: 0..<50, using: &generator)))  // many ties
                default: dates.append(Double.random(in: -1e10...1e10, using: &generator))
                }
            }
            var newest = NewestRows(capacity: capacity)
            for (i, date) in dates.enumerated() {
                newest.offer(date, folder: { Array("/f\(i % 7)".utf8) }, name: { Array("n\(i)".utf8) })
            }
            let kept = newest.newestFirst
            XCTAssertEqual(kept.map(\.date), Array(dates.sorted(by: >).prefix(capacity)), "\(count) rows, \(capacity) kept")
            for row in kept {  // each kept row is one that was offered, with its own bytes
                let i = Int(String(decoding: row.name.dropFirst(), as: UTF8.self))!
                XCTAssertEqual(row.date, dates[i])
                XCTAssertEqual(row.folder, Array("/f\(i % 7)".utf8))
            }
        }
    }

    func testARowNotKeptIsNeverCopiedAndNaNNeverKept() {
        var newest = NewestRows(capacity: 2)
        var copies = 0
        func offer(_ date: Double) {
            newest.offer(date, folder: { copies += 1; return [1] }, name: { copies += 1; return [2] })
        }
        offer(10)
        offer(20)
        XCTAssertEqual(copies, 4)
        offer(5)
        offer(10)  // a tie with the oldest kept: not kept
        offer(.nan)
        XCTAssertEqual(copies, 4, "rows that are not kept are not read")
        offer(30)
        XCTAssertEqual(copies, 6)
        XCTAssertEqual(newest.newestFirst.map(\.date), [30, 20])
        XCTAssertFalse(NewestRows(capacity: 3).admits(.nan))
    }
}
