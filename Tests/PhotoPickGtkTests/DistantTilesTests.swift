import XCTest
@testable import PhotoPickGtk

/// Which grid tiles may keep a thumbnail: those within the prefetched screens around the
/// viewport, on both sides.
///
/// XCTest runs tests on the main thread here, where the GTK side's main-actor code lives
/// (a @MainActor test class breaks XCTest's discovery on Linux).
final class DistantTilesTests: XCTestCase {
    func testTheNearRangeIsTheViewportAndTwoScreensEachSide() {
        MainActor.assumeIsolated {
            let visible = Array(100..<112)  // 12 tiles on screen
            XCTAssertEqual(DistantTiles.nearRange(visible: visible), 76...135)
        }
    }

    func testItStopsAtTheTop() {
        MainActor.assumeIsolated {
            XCTAssertEqual(DistantTiles.nearRange(visible: Array(0..<12)), 0...35)
        }
    }

    func testAFewTilesStillKeepEightEachSide() {
        MainActor.assumeIsolated {
            XCTAssertEqual(DistantTiles.nearRange(visible: [40, 41]), 32...49)
        }
    }

    func testAnUnknownViewportParksNothing() {
        MainActor.assumeIsolated {
            XCTAssertNil(DistantTiles.nearRange(visible: []))
        }
    }

    func testATileBoundFarFromTheViewportStartsParked() {
        MainActor.assumeIsolated {
            let near = DistantTiles.nearRange(visible: Array(100..<112))
            XCTAssertTrue(DistantTiles.bindsParked(999_000, near: near), "a jump to the end binds rows far from the last screen")
            XCTAssertTrue(DistantTiles.bindsParked(75, near: near))
            XCTAssertFalse(DistantTiles.bindsParked(76, near: near), "the near range's first tile asks at once")
            XCTAssertFalse(DistantTiles.bindsParked(135, near: near))
            XCTAssertTrue(DistantTiles.bindsParked(136, near: near))
        }
    }

    func testBeforeTheViewportIsKnownNothingBindsParked() {
        MainActor.assumeIsolated {
            XCTAssertFalse(DistantTiles.bindsParked(0, near: nil))
            XCTAssertFalse(DistantTiles.bindsParked(500_000, near: nil))
        }
    }

    func testARowStandsInWhenNoneOfItsTilesIsNear() {
        MainActor.assumeIsolated {
            let near = 76...135
            XCTAssertTrue(DistantTiles.bindsPlaceholder(70..<76, near: near), "the row just above the range")
            XCTAssertFalse(DistantTiles.bindsPlaceholder(72..<78, near: near), "a row the range starts in")
            XCTAssertFalse(DistantTiles.bindsPlaceholder(132..<138, near: near), "a row the range ends in")
            XCTAssertTrue(DistantTiles.bindsPlaceholder(136..<142, near: near))
            XCTAssertFalse(DistantTiles.bindsPlaceholder(136..<142, near: nil), "no range known: every row makes its tiles")
        }
    }

    /// Before the first viewport: a first screen at the top, as many rows as the height holds
    /// (a row cut at the bottom counts, and one more), and its two screens each side.
    func testTheOpeningRangeIsTheFirstScreenAtTheTop() {
        MainActor.assumeIsolated {
            // 600 px of 190-px tiles with 4-px gaps: 3.1 rows on screen, counted as 4, plus 1.
            let near = DistantTiles.openingNear(height: 600, side: 190, columns: 4)
            XCTAssertEqual(near, 0...59, "5 rows of 4, and twice that below")
            XCTAssertEqual(DistantTiles.openingNear(height: 0, side: 190, columns: 4), nil, "no size yet: nothing known")
            XCTAssertEqual(DistantTiles.openingNear(height: 600, side: 190, columns: 0), nil)
        }
    }
}
