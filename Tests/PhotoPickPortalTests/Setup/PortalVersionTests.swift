import PhotoPickPortal
import XCTest

/// The version photopick reads from `xdg-desktop-portal --version` (or a package's), and what
/// it concludes from it.
final class PortalVersionTests: XCTestCase {
    func testParsesTheProgramsAnswerAndPackageVersions() {
        XCTAssertEqual(PortalVersion.parse("xdg-desktop-portal 1.16.0\n"), PortalVersion(1, 16, 0))
        XCTAssertEqual(PortalVersion.parse("xdg-desktop-portal 1.20.3"), PortalVersion(1, 20, 3))
        XCTAssertEqual(PortalVersion.parse("1.20.3+ds-1"), PortalVersion(1, 20, 3), "Debian's package version")
        XCTAssertEqual(PortalVersion.parse("1.18.4-1ubuntu2.24.04.1"), PortalVersion(1, 18, 4))
        XCTAssertEqual(PortalVersion.parse("xdg-desktop-portal 1.19"), PortalVersion(1, 19, 0))
        XCTAssertEqual(PortalVersion.parse("xdg-desktop-portal 2.0.1.7"), PortalVersion(2, 0, 1), "a fourth part is not read")
    }

    func testRefusesWhatIsNoVersion() {
        for text in ["", "xdg-desktop-portal", "xdg-desktop-portal 1", "version one.two", "1.", ".16.0", "99999999.1.0",
                     "Unknown option --version"] {
            XCTAssertNil(PortalVersion.parse(text), text)
        }
    }

    func testOrderAndWhatEachVersionDoes() {
        let v116 = PortalVersion(1, 16, 0), v118 = PortalVersion(1, 18, 4), v120 = PortalVersion(1, 20, 3)
        XCTAssertLessThan(v116, v118)
        XCTAssertLessThan(PortalVersion(1, 9, 9), PortalVersion(1, 10, 0), "numbers, not text")
        XCTAssertFalse(v116.readsPortalsConf)
        XCTAssertTrue(PortalVersion(1, 17, 0).readsPortalsConf)
        XCTAssertTrue(v118.readsPortalsConf && v120.readsPortalsConf)
        XCTAssertFalse(v118.triesTheListInItsOrder)
        XCTAssertTrue(v120.triesTheListInItsOrder)
        XCTAssertFalse(PortalVersion(1, 18, 1).fallsBackToGtk)
        XCTAssertTrue(PortalVersion(1, 18, 2).fallsBackToGtk)
        XCTAssertFalse(PortalVersion(1, 20, 0).readsPortalFilesFromDataDirs)
        XCTAssertTrue(PortalVersion(1, 20, 1).readsPortalFilesFromDataDirs)
    }
}
