import Foundation
import TestSupport
import XCTest

/// `photopick portal enable|disable|status` as a user types them: the exit statuses and what
/// they say when there is nothing to act on (the real portal: PhotoPickPortalTests).
final class PortalCommandTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() { dir = TemporaryDirectory() }

    private func photopick(_ args: [String], _ extra: [String: String] = [:]) throws -> ProcessRunner.Output {
        let env = ["HOME": dir.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": dir.path]
        return try ProcessRunner.run(Binaries.photopick, args, environment: env.merging(extra) { $1 })
    }

    func testWithoutXdgDesktopPortalStatusAndEnableSaySoAndExit2() throws {
        let empty = dir.path + "/share"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        for command in ["status", "enable"] {
            let out = try photopick(["portal", command], ["XDG_DATA_DIRS": empty])
            XCTAssertEqual(out.status, 2, command)
            XCTAssertTrue(out.stderrText.hasPrefix("photopick: xdg-desktop-portal is not installed"), out.stderrText)
            XCTAssertEqual(out.stdoutText, "")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["share"], "nothing written")
    }

    func testDisableWithNothingToUndoIsHarmless() throws {
        let out = try photopick(["portal", "disable"])
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertTrue(out.stdoutText.contains("Nothing to undo"), out.stdoutText)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    func testEnableNeedsAnAbsoluteHome() throws {
        let out = try photopick(["portal", "enable"], ["HOME": "relative"])
        XCTAssertEqual(out.status, 2)
        XCTAssertTrue(out.stderrText.contains("HOME is not set to an absolute path"), out.stderrText)
    }

    func testHelpListsTheCommandAndItsExitStatuses() throws {
        let root = try photopick(["--help"])
        XCTAssertTrue(root.stdoutText.contains("portal enable|disable|status"), root.stdoutText)
        let help = try photopick(["help", "portal"])
        XCTAssertEqual(help.status, 0)
        let words = help.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(words.contains("3 (status) the running portal started before its configuration changed"), help.stdoutText)
        for command in ["enable", "disable", "status"] { XCTAssertTrue(words.contains(" \(command) "), help.stdoutText) }
        let enable = try photopick(["portal", "enable", "--help"])
        XCTAssertTrue(enable.stdoutText.contains("xdg-desktop-portal.service.d/photopick.conf"), enable.stdoutText)
    }

    func testGermanMessages() throws {
        guard Catalogues.germanLocaleInstalled else { throw XCTSkip("no de_DE.UTF-8 locale (make deps generates it)") }
        let catalogues = try Catalogues()  // kept until photopick has read them
        let out = try photopick(["portal", "disable"], catalogues.environment(language: "de"))
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertTrue(out.stdoutText.contains("Nichts rückgängig zu machen"), out.stdoutText)
    }
}
