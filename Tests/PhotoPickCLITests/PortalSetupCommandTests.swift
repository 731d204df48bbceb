import Foundation
import TestSupport
import XCTest

/// `photopick portal enable|disable|status` as a user runs them, against a stand-in portal of
/// a chosen version in a throwaway home (FakePortalHome): what they write, refuse and say.
final class PortalSetupCommandTests: XCTestCase {
    /// Without a desktop, a portals.conf would take the desktop's own configuration's place
    /// for every portal (1.18 and later), and the drop-in would leave only photopick in
    /// XDG_CURRENT_DESKTOP (1.16): enable refuses, and writes nothing.
    func testWithoutADesktopEnableRefusesAndWritesNothing() throws {
        for version in ["1.20.3", "1.16.0"] {
            for desktop in [nil, "", "../x"] {
                let fake = try FakePortalHome(version: version)
                let out = try fake.photopick(["portal", "enable"], desktop: desktop)
                let what = "\(version), XDG_CURRENT_DESKTOP=\(desktop ?? "unset")"
                XCTAssertEqual(out.status, 2, what + ": " + out.stdoutText + out.stderrText)
                XCTAssertTrue(out.stderrText.contains("desktop session"), what + ": " + out.stderrText)
                XCTAssertEqual(fake.names(fake.home + "/config"), [], what)
                XCTAssertEqual(fake.names(fake.home + "/state"), [], what)
            }
        }
    }
}
