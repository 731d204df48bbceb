import Foundation
import TestSupport
import XCTest

/// Requests that ask for more than fits: sixty choices, a title of 400,000 characters. The
/// window stays within the 1280-px screen and works.
final class LongRequestTests: XCTestCase {
    private var fixture: PortalFileFixture!
    private var dir: TemporaryDirectory { fixture.dir }
    private var library: SampleLibrary { fixture.library }
    private var portal: String { fixture.path }

    override func setUpWithError() throws { fixture = try PortalFileFixture() }

    private func write(_ request: [String: Any]) throws { try fixture.write(request) }
    private func uris() throws -> [String] { try fixture.uris() }

    /// Sixty choices would make the bar below the grid, and so the window, wider than the
    /// screen, with Add beyond its right edge.
    func testSixtyChoicesKeepTheWindowOnTheScreen() throws {
        let choices: [[String: Any]] = (0..<60).map { i in
            i % 2 == 0 ? ["id": "check\(i)", "label": "Choice number \(i)"]
                : ["id": "size\(i)", "label": "Option \(i)", "default": "a",
                   "options": [["id": "a", "label": "Alpha"], ["id": "b", "label": "Beta"]]]
        }
        try write(["version": 1, "current_folder": library.root, "choices": choices])
        let picker = try PickerDriver(arguments: ["--portal", portal])
        let size = try picker.windowSize()
        XCTAssertLessThanOrEqual(size.width, 1280, "the window fits the screen, Add included")
        try picker.waitForTiles(library.newestFirst[0])
        try picker.click(on: "tile " + library.newestFirst[0])
        try picker.press("Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(try uris(), ["file://\(library.newestFirst[0])"])
    }

    /// The title ellipsizes: the header, the grid and Add keep their places. A 400,000-character
    /// line overflowed Pango's measurements, and the title was drawn across Add and the
    /// window's buttons.
    func testAHugeTitleLeavesAUsableWindow() throws {
        guard Binaries.which("convert") != nil else { throw XCTSkip("ImageMagick is not installed (make deps installs it)") }
        try write(["version": 1, "current_folder": library.root, "title": String(repeating: "T", count: 400_000)])
        let picker = try PickerDriver(arguments: ["--portal", portal])
        let size = try picker.windowSize()
        XCTAssertLessThanOrEqual(size.width, 1280)
        XCTAssertGreaterThanOrEqual(size.width, 600, "not collapsed")
        // The default 1024-px window: Add ends at x 886, the minimize button starts at 905;
        // between them the header bar's plain background, not the title's letters.
        let shot = dir.path + "/shot.png"
        picker.screenshot(shot)
        let gap = try ProcessRunner.run("/usr/bin/env", ["convert", shot, "-crop", "14x20+889+12", "-colorspace", "Gray",
                                                         "-format", "%[fx:minima]", "info:"], environment: ["PATH": "/usr/bin:/bin"])
        let darkest = try XCTUnwrap(Double(gap.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)), gap.stderrText)
        XCTAssertGreaterThan(darkest, 0.6, "nothing drawn between Add and the window buttons")
        try picker.press("space", "Return")
        let out = picker.finish()
        XCTAssertEqual(out.status, 0, out.stderrText)
        XCTAssertEqual(try uris(), ["file://\(library.newestFirst[0])"])
    }
}
