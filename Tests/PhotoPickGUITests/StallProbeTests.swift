import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The main-loop stall probe (`PHOTOPICK_TRACE=1`): the window traces its summary when asked
/// (SIGUSR1, the benchmark's way to measure one stretch) and when it closes. Only that the
/// lines are there and well formed is checked, never their values: nothing here is timed.
final class StallProbeTests: XCTestCase {
    private var dir: TemporaryDirectory!

    override func setUp() { dir = TemporaryDirectory() }

    private func summaries(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("photopick-trace ") && $0.contains(" stall-summary ") }
    }

    func testTheWindowTracesTheStallSummaryOnRequestAndAtExit() throws {
        let library = try SampleLibrary.make(in: dir)
        let picker = try PickerDriver(arguments: [library.root], environment: ["PHOTOPICK_TRACE": "1"])
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.hasSuffix(" scan-finished") } }, picker.process.stderrSoFar)
        kill(picker.process.process.processIdentifier, SIGUSR1)
        XCTAssertTrue(picker.waitForTrace { self.summaries($0.joined(separator: "\n")).count == 1 }, picker.process.stderrSoFar)
        XCTAssertTrue(picker.stillRunning(), "SIGUSR1 must not end the window")
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        let lines = summaries(out.stderrText)
        XCTAssertEqual(lines.count, 2, out.stderrText)  // on request, then at exit
        let shape = try NSRegularExpression(pattern: #" stall-summary max [0-9.]+ ms p99 [0-9.]+ ms over-50 [0-9]+ beats [0-9]+ cpu-max [0-9.]+ ms$"#)
        for line in lines {
            let text = String(line)
            XCTAssertNotNil(shape.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)), text)
        }
    }

    func testWithoutTracingThereIsNoProbe() throws {
        let library = try SampleLibrary.make(in: dir)
        let picker = try PickerDriver(arguments: [library.root])
        try picker.press("Escape")
        let out = picker.finish()
        XCTAssertEqual(out.status, 1)
        XCTAssertFalse(out.stderrText.contains("stall"), out.stderrText)
    }
}
