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

    /// enable, status and disable agree with each other (1.20: the portal reads the user's
    /// gnome-portals.conf), and enable never reports a FileChooser the portal would ignore.
    func testEnableStatusAndDisableAgree() throws {
        let fake = try FakePortalHome(version: "1.20.3")
        let off = try fake.photopick(["portal", "status"], desktop: "GNOME")
        XCTAssertEqual(off.status, 1, off.stdoutText + off.stderrText)
        XCTAssertTrue(off.stdoutText.contains("FileChooser: gtk"), off.stdoutText)

        let userFile = fake.configDir + "/portals.conf"
        try fake.write("[preferred]\ndefault=gtk\norg.freedesktop.impl.portal.Settings=kde\\x\n", userFile)
        let refused = try fake.photopick(["portal", "enable"], desktop: "GNOME")
        XCTAssertEqual(refused.status, 2, refused.stdoutText + refused.stderrText)
        XCTAssertTrue(refused.stderrText.contains("org.freedesktop.impl.portal.Settings is not a list"), refused.stderrText)
        XCTAssertFalse(refused.stderrText.contains("no default= line"), refused.stderrText)
        let still = try fake.photopick(["portal", "status"], desktop: "GNOME")
        XCTAssertTrue(still.stdoutText.contains("FileChooser: gtk"), still.stdoutText)

        try FileManager.default.removeItem(atPath: userFile)
        let enabled = try fake.photopick(["portal", "enable"], desktop: "GNOME")
        XCTAssertEqual(enabled.status, 0, enabled.stdoutText + enabled.stderrText)
        XCTAssertTrue(enabled.stdoutText.contains(fake.configDir + "/gnome-portals.conf"), enabled.stdoutText)
        let on = try fake.photopick(["portal", "status"], desktop: "GNOME")
        XCTAssertEqual(on.status, 0, on.stdoutText + on.stderrText)
        XCTAssertTrue(on.stdoutText.contains("FileChooser: photopick, named for it in " + fake.configDir + "/gnome-portals.conf"), on.stdoutText)
        let kde = try fake.photopick(["portal", "status"], desktop: "KDE")
        XCTAssertFalse(kde.stdoutText.contains("FileChooser: photopick"), "another desktop's login is unaffected: " + kde.stdoutText)

        let disabled = try fake.photopick(["portal", "disable"], desktop: "GNOME")
        XCTAssertEqual(disabled.status, 0, disabled.stdoutText + disabled.stderrText)
        XCTAssertEqual(fake.names(fake.configDir), [])
        let back = try fake.photopick(["portal", "status"], desktop: "GNOME")
        XCTAssertTrue(back.stdoutText.contains("FileChooser: gtk"), back.stdoutText)
    }

    /// Nothing read from a file or the environment reaches the terminal as a control code.
    func testControlCodesAreNeverPrinted() throws {
        let fake = try FakePortalHome(version: "1.20.3")
        try fake.write("\u{1B}[31mRED\u{1B}]0;title\u{07}\n", fake.configDir + "/portals.conf")
        let out = try fake.photopick(["portal", "enable"], desktop: "GNOME")
        XCTAssertEqual(out.status, 2, out.stdoutText + out.stderrText)
        XCTAssertTrue(out.stderrText.contains("RED"), out.stderrText)
        let printed = (out.stdoutText + out.stderrText).unicodeScalars
        XCTAssertFalse(printed.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, out.stderrText)

        // A path from the environment is printed escaped too.
        var env = fake.environment(desktop: "GNOME")
        env["XDG_DATA_DIRS"] = fake.home + "/\u{1B}]0;title\u{07}"
        env["XDG_DATA_HOME"] = fake.home + "/none"
        let missing = try ProcessRunner.run(Binaries.photopick, ["portal", "status"], environment: env, timeout: 60)
        XCTAssertEqual(missing.status, 2, missing.stderrText)
        XCTAssertFalse((missing.stdoutText + missing.stderrText).unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, missing.stderrText)
    }
}
