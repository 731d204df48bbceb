import Synchronization
import XCTest
@testable import PhotoPickGtk

/// The lane that replaced the serial Dispatch queues: one job at a time, in the order given,
/// off the main thread.
final class SerialLaneTests: XCTestCase {
    func testJobsRunOneAtATimeInTheOrderGiven() {
        let lane = SerialLane(priority: .userInitiated)
        let order = Mutex<[Int]>([])
        let running = Mutex((now: 0, most: 0, onMain: false))
        let done = expectation(description: "the last job ran")
        for i in 0..<40 {
            lane.run {
                running.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                    $0.onMain = $0.onMain || Thread.isMainThread
                }
                usleep(500)  // room for a second job to overlap, were the lane not serial
                order.withLock { $0.append(i) }
                running.withLock { $0.now -= 1 }
                if i == 39 { done.fulfill() }
            }
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(order.withLock { $0 }, Array(0..<40))
        XCTAssertEqual(running.withLock { $0.most }, 1, "two jobs ran at once")
        XCTAssertFalse(running.withLock { $0.onMain }, "a job ran on the main thread")
    }

    func testALaneLetGoStillRunsTheJobsItWasGiven() {
        let done = expectation(description: "the job ran")
        do {
            let lane = SerialLane(priority: .utility)
            lane.run { done.fulfill() }
        }
        wait(for: [done], timeout: 30)
    }
}
