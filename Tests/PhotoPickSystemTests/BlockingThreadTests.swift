import Foundation
@testable import PhotoPickSystem
import XCTest

/// The one helper for threads that must block, and the one state they wait on.
final class BlockingThreadTests: XCTestCase {
    /// What the kernel calls the calling thread (`ps -L`, `top -H`).
    private static func kernelName() -> String {
        ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .newlines)
    }

    func testTheThreadHasItsNameInTheKernelAndCanBeJoined() {
        let seen = BlockingState<String?>(nil)
        let thread = BlockingThread.start("pp-test-name", .waitsForWork) {
            seen.withLock { $0 = Self.kernelName() }
        }
        thread.join()
        XCTAssertEqual(seen.withLock { $0 }, "pp-test-name")
        XCTAssertEqual(thread.name, "pp-test-name")
    }

    func testALongNameIsCutToWhatTheKernelHolds() {
        XCTAssertEqual(BlockingThread.kernelName("thumbnail-cache-writer"), "thumbnail-cache")
        XCTAssertEqual(BlockingThread.kernelName("pp-é-é-é-é-é-é-é"), "pp-é-é-é-é-", "cut at a character, 15 bytes at most")
        let seen = BlockingState<String?>(nil)
        BlockingThread.start("a-name-longer-than-fifteen", .waitsForWork) { seen.withLock { $0 = Self.kernelName() } }.join()
        XCTAssertEqual(seen.withLock { $0 }, "a-name-longer-t")
    }

    func testJoinWaitsForTheBody() {
        let steps = BlockingState(0)
        let thread = BlockingThread.start("pp-test-join", .waitsForWork) {
            steps.wait(until: { $0 == 1 })  // held until the test lets it go
            steps.withLock { $0 = 2 }
        }
        steps.withLock { $0 = 1 }
        thread.join()
        XCTAssertEqual(steps.withLock { $0 }, 2)
    }

    func testWaitingForATaskGivesItsValue() {
        let task = Task.detached { () -> Int in
            try? await Task.sleep(nanoseconds: 20_000_000)
            return 42
        }
        XCTAssertEqual(BlockingThread.wait(for: task), 42)
    }

    func testAWaitStepMayChangeTheStateAndWakesTheOthers() {
        let queue = BlockingState([Int]())
        let taken = BlockingState([Int]())
        let consumer = BlockingThread.start("pp-test-take", .waitsForWork) {
            for _ in 0..<3 {
                let next = queue.wait { q -> Int? in q.isEmpty ? nil : q.removeFirst() }
                taken.withLock { $0.append(next) }
            }
        }
        for i in 1...3 { queue.withLock { $0.append(i) } }
        consumer.join()
        XCTAssertEqual(taken.withLock { $0 }, [1, 2, 3])
        XCTAssertEqual(queue.withLock { $0 }, [])
    }

    func testATimedWaitEndsAtItsDeadline() {
        let flag = BlockingState(false)
        let start = Date()
        XCTAssertFalse(flag.wait(until: { $0 }, deadline: start.addingTimeInterval(0.1)))
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.09)
        BlockingThread.start("pp-test-flag", .waitsForWork) { flag.withLock { $0 = true } }
        XCTAssertTrue(flag.wait(until: { $0 }, deadline: Date().addingTimeInterval(10)))
    }
}
