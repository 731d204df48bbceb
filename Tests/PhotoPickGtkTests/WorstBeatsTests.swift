import XCTest
@testable import PhotoPickGtk

/// The stall probe's worst beats: the longest gaps kept, longest first, whatever order they
/// came in, and no more than asked. Nothing timed: the gaps are given.
final class WorstBeatsTests: XCTestCase {
    func testKeepsTheLongestGapsLongestFirst() {
        var worst = WorstBeats(capacity: 3)
        for (i, ms) in [8.1, 40.0, 9.0, 75.5, 12.0, 8.0, 41.0].enumerated() {
            if worst.admits(ms) { worst.record(ms, "beat \(i)") }
        }
        XCTAssertEqual(worst.beats.map(\.ms), [75.5, 41.0, 40.0])
        XCTAssertEqual(worst.beats.map(\.line), ["beat 3", "beat 6", "beat 1"])
        XCTAssertFalse(worst.admits(40.0), "no longer than the shortest kept")
        XCTAssertTrue(worst.admits(40.5))
    }

    func testRecordAloneAlsoKeepsOnlyTheLongest() {
        var worst = WorstBeats(capacity: 2)
        for ms in stride(from: 1.0, through: 30.0, by: 1.0) { worst.record(ms, "\(Int(ms))") }
        XCTAssertEqual(worst.beats.map(\.line), ["30", "29"])
        worst.reset()
        XCTAssertEqual(worst.beats, [])
        XCTAssertTrue(worst.admits(0.5), "an empty list admits any gap")
    }
}
