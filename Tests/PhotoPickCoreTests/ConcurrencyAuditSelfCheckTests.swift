import XCTest

/// The concurrency audit can fail: on made-up files it counts what the code uses (not what
/// comments and strings say), asks each unsafe spot for its `// Safe:` comment, and reports
/// a use beyond the list as well as a list entry beyond the uses.
final class ConcurrencyAuditSelfCheckTests: XCTestCase {
    private let worker = """
        import Dispatch
        /* An NSLock in a comment, /* nested: NSCondition */ and Thread.detachNewThread { }. */
        final class Worker: @unchecked Sendable {
            private let lock = NSLock()
            private let queue = DispatchQueue(label: "a")
            let message = "NSLock, DispatchQueue and @unchecked Sendable in a string"
            func start() {
                Thread.detachNewThread { self.run() }
                let thread = Thread { self.run() }
                thread.start()
                Task.detached { await self.tick() }
            }
            // Safe: set before the handler is installed.
            nonisolated(unsafe) static var prepared = 0
            let state = Mutex<Int>(0), count = Atomic<Int>(0)
            let schedule: ThumbnailSchedule.Dispatch? = nil  // a type named Dispatch is not libdispatch
        }
        """

    func testItCountsTheCodeAndNotTheProse() {
        XCTAssertEqual(ConcurrencyAudit.counts(in: worker), [
            .dispatch: 2, .nsLock: 1, .thread: 2, .uncheckedSendable: 1, .nonisolatedUnsafe: 1,
            .taskDetached: 1, .mutex: 1, .atomic: 1,
        ])
    }

    func testItAsksEachUnsafeSpotForItsReason() {
        XCTAssertEqual(ConcurrencyAudit.unexplained(in: worker), [3], "the class has none; `prepared` has one")
        let explained = """
            /// A doc comment first is fine.
            // Safe: immutable after init.
            @available(*, deprecated)
            final class A: @unchecked Sendable {}
            """
        XCTAssertEqual(ConcurrencyAudit.unexplained(in: explained), [])
        let apart = """
            // Safe: a reason too far away.

            nonisolated(unsafe) var b = 0
            let c = 0  // Safe: not above it
            nonisolated(unsafe) var d = 0
            /* Safe: not a line comment */
            nonisolated(unsafe) var e = 0
            let f = \"""
                multi-line
                \"""
            struct G: @unchecked Sendable {}
            """
        XCTAssertEqual(ConcurrencyAudit.unexplained(in: apart), [3, 5, 7, 11])
    }

    func testItFailsOnANewUseAndOnAStaleEntry() {
        let allowed: [ConcurrencyAudit.Exception] = [
            .init("Worker.swift", .dispatch, 2, "a reason"),
            .init("Worker.swift", .nsLock, 1, "a reason"),
            .init("Worker.swift", .thread, 1, "allows one thread where there are two"),
            .init("Worker.swift", .nonisolatedUnsafe, 1, "a reason"),
            .init("Gone.swift", .nsCondition, 1, "a file that has none any more"),
        ]
        XCTAssertEqual(ConcurrencyAudit.findings([("Worker.swift", worker)], allowed: allowed), [
            "Worker.swift:3 has no `// Safe:` comment right above it saying why it is safe",
            "Worker.swift has 2 a thread started by hand where ConcurrencyAudit.exceptions allows 1: "
                + "use the model (Mutex, BlockingThread, Swift concurrency) or list it with a reason",
            "Worker.swift has 1 @unchecked Sendable where ConcurrencyAudit.exceptions allows 0: "
                + "use the model (Mutex, BlockingThread, Swift concurrency) or list it with a reason",
            "ConcurrencyAudit.exceptions allows Gone.swift 1 NSCondition but it has 0: lower the count",
        ])
        let exact = allowed.filter { $0.file == "Worker.swift" && $0.kind != .thread }
            + [.init("Worker.swift", .thread, 2, "r"), .init("Worker.swift", .uncheckedSendable, 1, "r")]
        let safe = worker.replacingOccurrences(of: "final class Worker", with: "// Safe: a reason.\nfinal class Worker")
        XCTAssertEqual(ConcurrencyAudit.findings([("Worker.swift", safe)], allowed: exact), [])
    }

    func testTheExceptionIsNamedAsTheArchitecturePageNamesIt() {
        XCTAssertEqual(ConcurrencyAudit.Exception("PhotoPickGtk/Interop/MainQueueBridge.swift", .dispatch, 5, "r").name,
                       "MainQueueBridge")
    }
}
