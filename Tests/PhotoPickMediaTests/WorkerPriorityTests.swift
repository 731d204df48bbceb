import Foundation
import PhotoPickCore
import PhotoPickMedia
import PhotoPickSystem
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Workers (thumbnails, preview) run at a lower CPU priority than the process that starts them.
final class WorkerPriorityTests: XCTestCase {
    func testAStartedWorkerIsNicerThanItsParent() throws {
        let dir = TemporaryDirectory()
        let log = dir.path + "/nice.log"
        // A stand-in worker: for each request, logs its nice value (as `nice` prints it) and answers.
        let worker = dir.path + "/worker.sh"
        try ExecutableScript.write("#!/bin/sh\nwhile read id rest; do nice >> '\(log)'; echo \"$id err 6f6b\"; done\n", to: worker)
        let pool = try ThumbnailWorkerPool(executable: worker, count: 2, failures: nil)
        defer { pool.shutdown(); pool.waitUntilStopped() }
        let requests = (1...2).map { WorkerRequest(id: UInt64($0), kind: .preview, side: 64, mimeType: "image/jpeg",
                                                   path: RawPath(dir.path + "/x.jpg")) }
        _ = try PoolReplies.collect(from: pool, requests, test: self)

        errno = 0
        let parent = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))
        XCTAssertEqual(errno, 0)
        let logged = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }
        XCTAssertEqual(logged.count, 2)
        for nice in logged {
            XCTAssertGreaterThan(nice, parent, "the worker yields to the window")
            XCTAssertEqual(nice, min(19, parent + BackgroundPriority.niceIncrement))
        }
    }
}
