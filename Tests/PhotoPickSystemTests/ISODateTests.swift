import Foundation
import PhotoPickCore
import PhotoPickSystem
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class ISODateTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        SystemHost.install()  // these tests read the real disk and zone through the model
    }

    private var savedTZ: String?

    override func setUp() {
        savedTZ = getenv("TZ").map { String(cString: $0) }
    }

    override func tearDown() {
        if let savedTZ { setenv("TZ", savedTZ, 1) } else { unsetenv("TZ") }
        tzset()
    }

    private func inZone(_ zone: String, _ body: () -> Void) {
        setenv("TZ", zone, 1)
        tzset()
        body()
    }

    // 1_700_000_000 is 2023-11-14T22:13:20Z; 1_690_000_000 is 2023-07-22T04:26:40Z.

    func testUTC() {
        inZone("UTC") {
            XCTAssertEqual(ISODate.format(1_700_000_000), "2023-11-14T22:13:20+00:00")
            XCTAssertEqual(ISODate.format(0), "1970-01-01T00:00:00+00:00")
        }
    }

    func testBerlinWinterAndSummer() {
        inZone("Europe/Berlin") {
            XCTAssertEqual(ISODate.format(1_700_000_000), "2023-11-14T23:13:20+01:00")
            XCTAssertEqual(ISODate.format(1_690_000_000), "2023-07-22T06:26:40+02:00")
        }
    }

    func testNegativeAndHalfHourOffsets() {
        inZone("America/St_Johns") {
            XCTAssertEqual(ISODate.format(1_700_000_000), "2023-11-14T18:43:20-03:30")
        }
        inZone("Asia/Kolkata") {
            XCTAssertEqual(ISODate.format(1_700_000_000), "2023-11-15T03:43:20+05:30")
        }
    }

    func testFractionsRoundDown() {
        inZone("UTC") {
            XCTAssertEqual(ISODate.format(1_700_000_000.999), "2023-11-14T22:13:20+00:00")
            XCTAssertEqual(ISODate.format(-0.5), "1969-12-31T23:59:59+00:00", "before 1970 rounds towards the past")
        }
    }

    func testFollowsTheDSTSwitch() {
        // Berlin went to summer time at 2023-03-26T01:00:00Z.
        inZone("Europe/Berlin") {
            XCTAssertEqual(ISODate.format(1_679_792_399), "2023-03-26T01:59:59+01:00")
            XCTAssertEqual(ISODate.format(1_679_792_400), "2023-03-26T03:00:00+02:00")
        }
    }
}
