import Foundation
import Synchronization
import PhotoPickSystem
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Background work (the scan, the watcher's re-check, every worker) runs below the window.
final class BackgroundPriorityTests: XCTestCase {
    /// A worker lowers its own main thread to its parent's level plus the increment before it
    /// starts a thread, so no thread of its escapes the parent's `lower` (which reaches only the
    /// main thread on Linux); and it never raises a thread that is lower already.
    func testAWorkerLowersItselfBelowItsParentAndNeverRaises() throws {
        errno = 0
        let parent = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))
        XCTAssertEqual(errno, 0)
        try XCTSkipIf(parent + BackgroundPriority.niceIncrement > 18, "no room below this process's nice value")
        func niceOnAThread(before: Int32?) -> Int32 {
            let result = Mutex<Int32>(0)
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                if let before { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, before) }
                BackgroundPriority.lowerCurrentThread(below: getpid())
                let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
                result.withLock { $0 = nice }
                done.signal()
            }
            done.wait()
            return result.withLock { $0 }
        }
        XCTAssertEqual(niceOnAThread(before: nil), parent + BackgroundPriority.niceIncrement)
        XCTAssertEqual(niceOnAThread(before: 19), 19, "a thread lower already is not raised")
    }
}
