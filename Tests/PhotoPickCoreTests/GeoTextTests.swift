@testable import PhotoPickCore
import XCTest

/// Coordinates as videos and XMP write them, and text that only looks like one.
final class GeoTextTests: XCTestCase {
    private func assertPoint(_ text: String, _ latitude: Double, _ longitude: Double, altitude: Double? = nil,
                             file: StaticString = #filePath, line: UInt = #line) {
        guard let point = GeoText.iso6709(text) else { return XCTFail("\(text) not read", file: file, line: line) }
        XCTAssertEqual(point.latitude, latitude, accuracy: 1e-4, text, file: file, line: line)
        XCTAssertEqual(point.longitude, longitude, accuracy: 1e-4, text, file: file, line: line)
        XCTAssertEqual(point.altitude, altitude, text, file: file, line: line)
    }

    func testISO6709InDegreesMinutesAndSeconds() {
        assertPoint("+48.8584+002.2945+035.000/", 48.8584, 2.2945, altitude: 35)
        assertPoint("-33.8568+151.2153/", -33.8568, 151.2153)
        assertPoint("+4851.504+00217.670/", 48.8584, 2.2945)
        assertPoint("+485130.24+0021740.20/", 48.8584, 2.2945)
        assertPoint("+48.8584-002.2945CRSWGS_84/", 48.8584, -2.2945)
    }

    func testISO6709NonsenseIsNoPlace() {
        for text in ["", "48.8584 2.2945", "+48.8584/", "+91.0+000.0/", "+48.0+181.0/", "+4899.0+00217.0/", "+.5+.5/", "++/",
                     "+123456789+0021740/", String(repeating: "+1", count: 10_000)] {
            XCTAssertNil(GeoText.iso6709(text), text)
        }
    }

    func testXMPCoordinates() {
        XCTAssertEqual(try XCTUnwrap(GeoText.xmpCoordinate("48,51.504N")), 48.8584, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(GeoText.xmpCoordinate("2,17.67W")), -2.2945, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(GeoText.xmpCoordinate("48,51,30.24N")), 48.8584, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(GeoText.xmpCoordinate("33,51.408S")), -33.8568, accuracy: 1e-9)
        XCTAssertEqual(GeoText.xmpCoordinate("+48.8584"), 48.8584, "a drone's signed degrees")
        XCTAssertEqual(GeoText.xmpCoordinate(" -2.2945 "), -2.2945)
        for text in ["", "N", "abc", "48,61N", "48,51,60N", "181,0E", "nan", "inf", "1e400", "48;51N", "-48,51N", "1,2,3,4N"] {
            XCTAssertNil(GeoText.xmpCoordinate(text), text)
        }
    }
}
