import Foundation
import TestSupport
import XCTest

/// A script written for zenity runs unchanged with photopick in zenity's place.
final class ZenityCompatibilityTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var library: SampleLibrary!

    override func setUpWithError() throws {
        dir = TemporaryDirectory()
        library = try SampleLibrary.make(in: dir)
    }

    /// The issue's script, word for word, with `zenity` made a variable so it can be swapped.
    private let script = #"""
        ZENITY=${ZENITY:-zenity}
        files=$("$ZENITY" --file-selection --multiple --separator='|' --file-filter='Photos | *.jpg *.png' \
                  --title="Choose photos" --filename="$1/")
        case $? in
          0) printf '%s\n' "$files" | tr '|' '\n' | while IFS= read -r f; do echo "got: $f"; done ;;
          1) echo "cancelled" ;;
          *) echo "error" ;;
        esac
        """#

    private func runScript() throws -> ScriptDriver {
        try ScriptDriver("/bin/bash", ["-c", script, "zenity-script", library.root + "/2024/Trip"],
                         windowTitle: "Choose photos", environment: ["ZENITY": "photopick"])
    }

    func testTheZenityScriptGetsTheSeparatedPaths() throws {
        let driver = try runScript()
        try driver.press("space", "Right", "space", "Return")
        let out = driver.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "got: \(library.root)/2024/Trip/trip-4.jpg\ngot: \(library.root)/2024/Trip/trip-3.jpg\n")
    }

    func testTheZenityScriptSeesCancel() throws {
        let driver = try runScript()
        try driver.press("space", "Escape")
        try driver.discardPicks()
        XCTAssertEqual(driver.finish().stdoutText, "cancelled\n")
    }

    func testOutputIsZenitysExactly() throws {
        let picker = try PickerDriver(arguments: ["--file-selection", "--multiple", "--separator=|",
                                                  "--filename=\(library.root)/Screenshots/"])
        try picker.press("space", "Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "\(library.root)/Screenshots/shot-2.png|\(library.root)/Screenshots/shot-1.png\n")
        XCTAssertEqual(out.stderrText, "")
    }

    func testWithoutMultipleTheOnePickMoves() throws {
        let picker = try PickerDriver(arguments: ["--file-selection", "--filename=\(library.root)/Screenshots/"])
        try picker.press("space", "Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "\(library.root)/Screenshots/shot-1.png\n", "the second pick replaces the first")
    }

    func testFilenameNamingAFilePreselectsIt() throws {
        let picker = try PickerDriver(arguments: ["--file-selection", "--filename", "\(library.root)/2024/Trip/trip-2.jpg"])
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "\(library.root)/2024/Trip/trip-2.jpg\n")
    }

    func testFileFilterNarrowsTheGrid() throws {
        let picker = try PickerDriver(arguments: ["--file-selection", "--file-filter=PNG | *.png", "--file-filter=All | *",
                                                  "--multiple", "--separator", "\n", "--filename=\(library.root)/"])
        // Unfiltered, the first two tiles would be beach.jpg and shot-2.png.
        try picker.press("space", "Right", "space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(out.stdoutText, "\(library.root)/Screenshots/shot-2.png\n\(library.root)/Screenshots/shot-1.png\n",
                       "only the two PNGs are shown; the separator is a newline")
    }
}
