@testable import PhotoPickCore
import XCTest

/// Turning a video upright: which turn a track matrix means, and where the turned frames go.
final class QuarterTurnTests: XCTestCase {
    private let one: Int32 = 0x10000

    func testTheMatricesPhonesAndFFmpegWrite() {
        XCTAssertEqual(QuarterTurn(a: one, b: 0, c: 0, d: one), .none)
        // An iPhone held upright: the sensor's top edge goes to the right.
        XCTAssertEqual(QuarterTurn(a: 0, b: one, c: -one, d: 0), .clockwise)
        XCTAssertEqual(QuarterTurn(a: -one, b: 0, c: 0, d: -one), .half)
        XCTAssertEqual(QuarterTurn(a: 0, b: -one, c: one, d: 0), .counterclockwise)
        // Mirrors and nonsense are shown as stored.
        XCTAssertEqual(QuarterTurn(a: -one, b: 0, c: 0, d: one), .none)
        XCTAssertEqual(QuarterTurn(a: 0, b: one, c: one, d: 0), .none)
        XCTAssertEqual(QuarterTurn(a: 0, b: 0, c: 0, d: 0), .none)
    }

    func testWhichTurnsSwapTheSides() {
        XCTAssertEqual(QuarterTurn.allCases.filter(\.swapsSides), [.clockwise, .counterclockwise])
    }

    /// Each corner of the stored frame, carried through the placement, lands where the turn
    /// says, and the turned frame exactly covers the upright box.
    func testPlacementsMapTheFrameOntoTheBox() {
        let w = 300.0, h = 400.0  // the upright box
        for turn in QuarterTurn.allCases {
            let p = turn.placement(width: w, height: h)
            func place(_ x: Double, _ y: Double) -> (Double, Double) {
                let r = p.degrees * .pi / 180
                let px = x * cos(r) - y * sin(r) + p.x, py = x * sin(r) + y * cos(r) + p.y
                return ((px * 1e6).rounded() / 1e6, (py * 1e6).rounded() / 1e6)
            }
            let corners = [place(0, 0), place(p.frameWidth, 0), place(p.frameWidth, p.frameHeight), place(0, p.frameHeight)]
            let expected: [(Double, Double)] = switch turn {
            // Stored top-left, top-right, bottom-right, bottom-left → where they show.
            case .none: [(0, 0), (w, 0), (w, h), (0, h)]
            case .clockwise: [(w, 0), (w, h), (0, h), (0, 0)]
            case .half: [(w, h), (0, h), (0, 0), (w, 0)]
            case .counterclockwise: [(0, h), (0, 0), (w, 0), (w, h)]
            }
            XCTAssertTrue(zip(corners, expected).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 },
                          "\(turn): \(corners)")
            XCTAssertEqual(turn.swapsSides ? p.frameWidth : p.frameHeight, h)
        }
    }
}
