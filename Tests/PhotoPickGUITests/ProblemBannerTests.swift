import Foundation
import TestSupport
import XCTest

/// The banner for folders that could not be read, beside photos that could.
final class ProblemBannerTests: XCTestCase {
    /// GTK checks every widget's size requests; the banner (a wrapping label beside a text and
    /// an icon button) once failed that check on every layout with a Gtk-CRITICAL.
    func testTheBannerKeepsStderrClean() throws {
        let dir = TemporaryDirectory()
        let photo = dir.path + "/Readable/photo.jpg"
        try ImageFactory.write(photo, width: 40, height: 30, format: .jpeg)
        let locked = dir.path + "/Locked"
        try ImageFactory.write(locked + "/secret.jpg", width: 40, height: 30, format: .jpeg)
        chmod(locked, 0o000)
        defer { chmod(locked, 0o755) }
        // Root reads every folder: as root, the picker runs without the capabilities that allow it.
        var launcher: [String] = []
        if getuid() == 0 {
            guard let setpriv = Binaries.which("setpriv") else { throw XCTSkip("setpriv (util-linux) is not installed") }
            launcher = [setpriv, "--bounding-set=-dac_override,-dac_read_search"]
        }
        let picker = try PickerDriver(arguments: [dir.path], launcher: launcher)
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, photo + "\n")
        XCTAssertTrue(out.stderrText.contains("Locked: Permission denied"), "the locked folder was met: \(out.stderrText)")
        XCTAssertFalse(out.stderrText.contains("Gtk-CRITICAL"), out.stderrText)
        XCTAssertFalse(out.stderrText.contains("Gtk-WARNING"), out.stderrText)
    }
}
