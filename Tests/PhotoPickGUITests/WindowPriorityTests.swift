import Foundation
import TestSupport
import XCTest

/// The window's thumbnail workers run at a lower CPU priority than the window (nice +10), so
/// typing and clicking stay immediate while they decode on every core. Read from /proc.
final class WindowPriorityTests: XCTestCase {
    func testTheWindowsThumbnailWorkersAreNicerThanTheWindow() throws {
        let dir = TemporaryDirectory()
        let library = try SampleLibrary.make(in: dir)
        let picker = try PickerDriver(arguments: [library.root], environment: ["PHOTOPICK_TRACE": "1"])
        // Thumbnails on screen: the workers that made them are running (idle workers stay).
        XCTAssertTrue(picker.waitForTrace { $0.contains { $0.contains(" visible-thumbnails") } }, picker.process.stderrSoFar)
        let pid = picker.process.process.processIdentifier
        let window = try XCTUnwrap(ProcStat.nice(of: pid))
        let workers = ProcStat.children(of: pid).filter { ProcStat.command(of: $0)?.hasPrefix("photopick-thumb") == true }
        XCTAssertFalse(workers.isEmpty, "no thumbnail worker under the window")
        for worker in workers {
            guard let nice = ProcStat.nice(of: worker) else { continue }  // it ended meanwhile
            XCTAssertEqual(nice, min(19, window + 10), "worker \(worker) runs beside the window, not below it")
        }
        try picker.press("Escape")
        XCTAssertEqual(picker.finish().status, 1)
    }
}
