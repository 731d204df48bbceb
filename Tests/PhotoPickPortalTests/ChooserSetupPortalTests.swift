import Foundation
import PhotoPickPortal
import TestSupport
import XCTest

/// `photopick portal enable`, `status` and `disable` against the real xdg-desktop-portal of
/// this system (1.16 on Debian 12: the systemd drop-in; 1.20 on Debian 13: portals.conf; the
/// branch is the installed version's): after enable, the portal started as the written
/// configuration says sends an image request to photopick; after disable, to -gtk again.
/// There is no systemd user instance here, so the test starts the portal itself, with the
/// drop-in's XDG_CURRENT_DESKTOP on 1.16. The session's desktop is GNOME, whose backend by
/// UseIn is -gtk (the only other one installed here).
final class ChooserSetupPortalTests: XCTestCase {
    /// A desktop -gtk claims by UseIn (gtk.portal: UseIn=gnome): photopick must win over it.
    private static let sessionDesktop = "GNOME"
    private static let photoFilters = "{'filters': <@a(sa(us)) [('Photos', [(1, 'image/*')])]>}"

    private func photopick(_ arguments: [String], _ environment: [String: String]) throws -> ProcessRunner.Output {
        try ProcessRunner.run(Binaries.photopick, arguments, environment: environment, timeout: 60)
    }

    func testEnableRoutesAnImageRequestToPhotopickAndDisableBackToGtk() throws {
        let desktop = try PortalDesktop(currentDesktop: Self.sessionDesktop, startingFrontend: false)
        defer { desktop.stop() }
        var session = desktop.environment()
        let version = try InstalledPortal.find(SetupPaths(environment: session)).version
        if version.readsPortalsConf {
            // Set, XDG_DESKTOP_PORTAL_DIR makes the portal read its configuration from that
            // folder alone; from 1.20.1 the tree's .portal files are found by XDG_DATA_DIRS.
            guard version.readsPortalFilesFromDataDirs else {
                throw XCTSkip("xdg-desktop-portal \(version) reads .portal files from /usr/share alone: the test cannot give it the tree's")
            }
            session["XDG_DESKTOP_PORTAL_DIR"] = nil
        }
        let configHome = desktop.configHome
        // 1.18 and later: the desktop's own file, read before portals.conf, by GNOME sessions alone.
        let written = version.readsPortalsConf ? configHome + "/xdg-desktop-portal/gnome-portals.conf"
            : configHome + "/systemd/user/xdg-desktop-portal.service.d/photopick.conf"

        let before = try photopick(["portal", "status"], session)
        XCTAssertEqual(before.status, ChooserStatusCode.other, before.stdoutText + before.stderrText)

        let enabled = try photopick(["portal", "enable"], session)
        XCTAssertEqual(enabled.status, 0, enabled.stdoutText + enabled.stderrText)
        XCTAssertTrue(enabled.stdoutText.contains(written), enabled.stdoutText)
        XCTAssertTrue(enabled.stdoutText.contains("systemd's user instance does not run here"), enabled.stdoutText)
        let writtenText = try String(contentsOfFile: written, encoding: .utf8)

        // The portal as it will be started: by the drop-in's environment on 1.16.
        var started: [String: String] = [:]
        if !version.readsPortalsConf {
            started["XDG_CURRENT_DESKTOP"] = try XCTUnwrap(PortalDropIn.currentDesktop(in: [Array(writtenText.utf8)]), writtenText)
            XCTAssertEqual(started["XDG_CURRENT_DESKTOP"], "photopick:" + Self.sessionDesktop)
        }
        let removed = version.readsPortalsConf ? ["XDG_DESKTOP_PORTAL_DIR"] : []
        try desktop.startFrontend(started, removing: removed)
        let on = try photopick(["portal", "status"], session)
        print("xdg-desktop-portal \(version): enable said:\n\(enabled.stdoutText)status said:\n\(on.stdoutText)")
        XCTAssertEqual(on.status, ChooserStatusCode.photopick, on.stdoutText + on.stderrText)
        XCTAssertTrue(on.stdoutText.contains("FileChooser: photopick"), on.stdoutText)

        desktop.removeReadyFile()
        let asked = try desktop.client(["OpenFile", "Chooser check", Self.photoFilters])
        _ = try desktop.waitForPicker(title: "Chooser check", while: asked)
        try desktop.press("Escape")
        XCTAssertEqual(try lastJSON(asked.wait(timeout: 60))["response"] as? Int, 1, "photopick's window answered (cancelled)")
        XCTAssertTrue(desktop.backendLines().contains { $0.contains("photopick window") }, desktop.log())

        let disabled = try photopick(["portal", "disable"], session)
        XCTAssertEqual(disabled.status, 0, disabled.stdoutText + disabled.stderrText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: written), "there was no file before enable")
        let stale = try photopick(["portal", "status"], session)
        print("disable said:\n\(disabled.stdoutText)status said:\n\(stale.stdoutText)")
        XCTAssertEqual(stale.status, ChooserStatusCode.restartNeeded, "the running portal still has photopick: " + stale.stdoutText)

        desktop.stopFrontend()
        try desktop.startFrontend([:], removing: removed)
        let off = try photopick(["portal", "status"], session)
        XCTAssertEqual(off.status, ChooserStatusCode.other, off.stdoutText + off.stderrText)
        XCTAssertTrue(off.stdoutText.contains("FileChooser: gtk"), off.stdoutText)

        let backendLines = desktop.backendLines().count
        let again = try desktop.client(["OpenFile", "Chooser check again", Self.photoFilters])
        _ = try desktop.waitForWindow(["--name", "^Chooser check again$"], what: "xdg-desktop-portal-gtk's open dialog")
        try desktop.press("Escape")
        XCTAssertNotNil(try lastJSON(again.wait(timeout: 60))["response"])
        XCTAssertEqual(desktop.backendLines().count, backendLines, "photopick's backend never saw it: \(desktop.log())")
        XCTAssertFalse(try desktop.hasWindow(["--classname", "^photopick$"]))
    }
}
