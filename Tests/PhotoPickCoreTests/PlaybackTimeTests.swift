@testable import PhotoPickCore
import XCTest

/// The preview player's clocks: played and left, for clips whose real length is a little
/// over or under whole seconds, as containers store it.
final class PlaybackTimeTests: XCTestCase {
    private func clocks(_ elapsed: Double, _ duration: Double?) -> [String?] {
        let t = HumanFormat.playback(elapsed: elapsed, duration: duration)
        return [t.elapsed, t.remaining]
    }

    func testAFiveSecondClipShowsItsLengthAtTheStart() {
        XCTAssertEqual(clocks(0, 5), ["0:00", "−0:05"])
        XCTAssertEqual(clocks(0, 5.04), ["0:00", "−0:05"], "GTK's bar said −0:06 for this clip")
        XCTAssertEqual(clocks(0.3, 5.04), ["0:00", "−0:05"])
    }

    func testPlayedAndLeftAlwaysAddUpToTheLengthShown() {
        for duration in [5.0, 5.04, 5.5, 5.6, 64.96, 3600.2] {
            let length = Int(duration.rounded())
            for step in 0...200 {
                let elapsed = duration * Double(step) / 200
                let t = HumanFormat.playback(elapsed: elapsed, duration: duration)
                let played = seconds(t.elapsed), left = seconds(String(t.remaining!.dropFirst()))
                XCTAssertEqual(played + left, length, "\(elapsed) of \(duration): \(t)")
                XCTAssertLessThanOrEqual(left, length)
                XCTAssertTrue(t.remaining!.hasPrefix("\u{2212}"))
            }
        }
    }

    func testTheEndShowsTheWholeLengthPlayed() {
        XCTAssertEqual(clocks(5.6, 5.6), ["0:06", "−0:00"])
        XCTAssertEqual(clocks(5.04, 5.04), ["0:05", "−0:00"])
        XCTAssertEqual(clocks(9, 5.04), ["0:05", "−0:00"], "a timestamp past the end is the end")
        XCTAssertEqual(clocks(4.99, 5.6), ["0:04", "−0:02"])
    }

    func testUnknownOrBrokenValues() {
        XCTAssertEqual(clocks(3.7, nil), ["0:03", nil])
        XCTAssertEqual(clocks(3.7, 0), ["0:03", nil])
        XCTAssertEqual(clocks(-2, 5), ["0:00", "−0:05"])
        XCTAssertEqual(clocks(.nan, 5), ["0:00", "−0:05"])
        XCTAssertEqual(clocks(1, .infinity), ["0:01", nil])
        XCTAssertEqual(clocks(65, 3723), ["1:05", "−1:00:58"])
    }

    private func seconds(_ clock: String) -> Int {
        clock.split(separator: ":").reduce(0) { $0 * 60 + Int($1)! }
    }
}
