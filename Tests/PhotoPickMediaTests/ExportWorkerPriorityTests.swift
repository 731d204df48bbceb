import Foundation
@testable import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Export workers run at the thumbnail workers' lower priority, so the window stays
/// responsive while both cores export. Read from /proc, as `top` would show it.
final class ExportWorkerPriorityTests: XCTestCase {
    func testAStartedExportWorkerIsNicerThanItsParent() throws {
        let dir = TemporaryDirectory()
        let worker = dir.path + "/worker.sh"
        try ExecutableScript.write("#!/bin/sh\nexec cat > /dev/null\n", to: worker)  // waits for jobs that never come
        let process = try ExportWorkerProcess(executable: worker, arguments: [])
        defer { process.terminate() }
        let parent = try XCTUnwrap(ProcStat.nice(of: getpid()))
        let nice = try XCTUnwrap(ProcStat.nice(of: process.pid), "the worker is gone")
        XCTAssertGreaterThan(nice, parent, "the export worker yields to the window")
        XCTAssertEqual(nice, min(19, parent + BackgroundPriority.niceIncrement))
    }
}
