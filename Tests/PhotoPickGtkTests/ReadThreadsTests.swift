import Foundation
@testable import PhotoPickGtk
import XCTest

/// Cache reads run on threads of their own: in the order given, as many at once as asked.
final class ReadThreadsTests: XCTestCase {
    func testOneThreadRunsTheJobsInTheOrderGiven() {
        let threads = ReadThreads(count: 1)
        let seen = Seen()
        let done = expectation(description: "every job ran")
        for i in 0..<200 {
            threads.run {
                seen.add(i)
                if i == 199 { done.fulfill() }
            }
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(seen.values, Array(0..<200))
    }

    /// The first job waits for the second: it finishes only if both run at once.
    func testSeveralThreadsRunJobsAtOnce() {
        let threads = ReadThreads(count: 2)
        let second = Flag()
        let done = expectation(description: "the waiting job finished")
        threads.run {
            if second.wait(seconds: 20) { done.fulfill() }
        }
        threads.run { second.set() }
        wait(for: [done], timeout: 30)
    }

    /// Jobs given before the object goes still run.
    func testJobsGivenBeforeTheThreadsGoStillRun() {
        let seen = Seen()
        let done = expectation(description: "the last job ran")
        do {
            let threads = ReadThreads(count: 1)
            for i in 0..<50 {
                threads.run {
                    usleep(1_000)
                    seen.add(i)
                    if i == 49 { done.fulfill() }
                }
            }
        }
        wait(for: [done], timeout: 30)
        XCTAssertEqual(seen.values, Array(0..<50))
    }
}

private final class Seen: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var list: [Int] = []
    func add(_ i: Int) { lock.lock(); list.append(i); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return list }
}

private final class Flag: @unchecked Sendable {  // guarded by `condition`
    private let condition = NSCondition()
    private var isSet = false

    func set() {
        condition.lock()
        isSet = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether it was set within `seconds`.
    func wait(seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while !isSet, condition.wait(until: deadline) {}
        return isSet
    }
}
