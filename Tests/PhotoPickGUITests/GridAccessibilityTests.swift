import Foundation
import TestSupport
import XCTest

/// What a screen reader finds in the grid, read over AT-SPI the way Orca reads it: each
/// tile a check box named after its file and date, "selected, 2nd" in pick order, checked
/// when picked. Needs the AT-SPI bus and Python's pyatspi (Debian: at-spi2-core,
/// python3-pyatspi); skipped without them.
final class GridAccessibilityTests: XCTestCase {
    private static let busLauncher = "/usr/libexec/at-spi-bus-launcher"

    func testTilesAreCheckBoxesNamedAfterTheirFilesAndPicks() throws {
        for tool in ["dbus-run-session", "dbus-send", "xdotool"] where Binaries.which(tool) == nil {
            throw XCTSkip("\(tool) is not installed")
        }
        guard FileManager.default.fileExists(atPath: Self.busLauncher) else { throw XCTSkip("at-spi2-core is not installed") }
        guard (try? ProcessRunner.run("/usr/bin/python3", ["-c", "import pyatspi"], timeout: 20))?.status == 0 else {
            throw XCTSkip("python3-pyatspi is not installed")
        }
        let dir = TemporaryDirectory()
        let library = try SampleLibrary.make(in: dir)
        let fixture = try GUIFixture.shared()
        let dump = dir.path + "/dump.py", script = dir.path + "/run.sh", ready = dir.path + "/ready"
        try Self.dumpScript.write(toFile: dump, atomically: true, encoding: .utf8)
        try """
            # Without DISPLAY the bus is found through this private session bus only: it
            # must not leave its address on the X server other tests share.
            env -u DISPLAY \(Self.busLauncher) --launch-immediately >/dev/null 2>&1 & bus=$!
            # Both sides use this bus by its address: GTK would otherwise prefer one another
            # GTK program announced on the X server.
            for i in $(seq 100); do
                AT_SPI_BUS_ADDRESS=$(dbus-send --session --print-reply=literal --dest=org.a11y.Bus /org/a11y/bus \
                                     org.a11y.Bus.GetAddress 2>/dev/null | tr -d ' ')
                [ -n "$AT_SPI_BUS_ADDRESS" ] && break
                sleep 0.1
            done
            export AT_SPI_BUS_ADDRESS
            PHOTOPICK_READY_FILE=\(ready) "$PHOTOPICK" "$LIBRARY" >/dev/null 2>&1 & picker=$!
            for i in $(seq 300); do [ -e \(ready) ] && break; sleep 0.1; done
            sleep 1
            xdotool key --clearmodifiers space Right Right space
            sleep 0.5
            /usr/bin/python3 \(dump)
            kill $picker $bus
            """.write(toFile: script, atomically: true, encoding: .utf8)
        // The accessibility bus's socket goes under the runtime folder (else ~/.cache/at-spi,
        // shared with every other process of this user).
        let runtime = dir.path + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // The fixture's display with accessibility on; dbus-run-session replaces its bus.
        let env = fixture.environment(accessible: true, [
            "PHOTOPICK": Binaries.photopick, "LIBRARY": library.root,
            "XDG_CONFIG_HOME": dir.path + "/config",  // no settings from or for other runs
            "XDG_CACHE_HOME": dir.path + "/cache", "XDG_RUNTIME_DIR": runtime,
        ])
        let out = try ProcessRunner.run("/usr/bin/env", ["dbus-run-session", "--", "bash", script], environment: env, timeout: 90)
        // Tiles' names list the file and its date; other check boxes in the window do not.
        let tiles = out.stdoutText.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
            .filter { $0.count == 2 && $0[0].contains(", ") }
        XCTAssertEqual(tiles.count, 7, "check boxes found: \(out.stdoutText)\n\(out.stderrText)")
        guard tiles.count == 7 else { return }
        XCTAssertTrue(tiles[0][0].hasPrefix("beach.jpg, ") && tiles[0][0].hasSuffix(", selected, 1st"), tiles[0][0])
        XCTAssertEqual(tiles[0][1], "checked")
        XCTAssertTrue(tiles[1][0].hasPrefix("shot-2.png, ") && !tiles[1][0].contains("selected"), tiles[1][0])
        XCTAssertEqual(tiles[1][1], "unchecked")
        XCTAssertTrue(tiles[2][0].hasPrefix("shot-1.png, ") && tiles[2][0].hasSuffix(", selected, 2nd"), tiles[2][0])
        XCTAssertEqual(tiles[2][1], "checked")
        XCTAssertEqual(tiles.filter { $0[1] == "checked" }.count, 2)
    }

    /// Prints each check box of the photopick application: its name, a tab, checked or unchecked.
    private static let dumpScript = """
        import pyatspi
        def walk(node):
            try:
                role, name, states = node.getRoleName(), node.name, node.getState()
            except Exception:
                return
            if role == "check box":
                print(name + "\\t" + ("checked" if states.contains(pyatspi.STATE_CHECKED) else "unchecked"))
            for i in range(node.childCount):
                walk(node.getChildAtIndex(i))
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and "photopick" in (app.name or ""):
                walk(app)
        """
}
