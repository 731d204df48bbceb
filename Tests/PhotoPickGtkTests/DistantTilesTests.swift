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
            XCTAssertEqual(ThumbnailGrid.nearRange(visible: visible), 76...135)
        }
    }

    func testItStopsAtTheTop() {
        MainActor.assumeIsolated {
            XCTAssertEqual(ThumbnailGrid.nearRange(visible: Array(0..<12)), 0...35)
        }
    }

    func testAFewTilesStillKeepEightEachSide() {
        MainActor.assumeIsolated {
            XCTAssertEqual(ThumbnailGrid.nearRange(visible: [40, 41]), 32...49)
        }
    }

    func testAnUnknownViewportParksNothing() {
        MainActor.assumeIsolated {
            XCTAssertNil(ThumbnailGrid.nearRange(visible: []))
        }
    }
}
