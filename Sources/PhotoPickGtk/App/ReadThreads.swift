import Foundation

/// A few threads of their own for short jobs that block on the disk (reading thumbnails from
/// the shared cache). Swift's cooperative pool has one thread per core, two here: a first
/// screen's 200 cache reads started as tasks there held both, and a search keystroke
/// (`BackgroundSearch`) waited behind them. Jobs run in the order given, `count` at a time;
/// with one thread, one after another. The threads end once the object is gone and the jobs
/// given before are done.
final class ReadThreads: Sendable {
    typealias Job = @Sendable () -> Void
    private let jobs = JobQueue()

    init(count: Int) {
        for _ in 0..<max(1, count) {
            let thread = Thread { [jobs] in
                while let job = jobs.next() { job() }
            }
            thread.name = "photopick-read"
            thread.start()
        }
    }

    deinit { jobs.close() }

    func run(_ job: @escaping Job) { jobs.add(job) }

    /// The jobs waiting, guarded by one condition the threads wait on.
    private final class JobQueue: @unchecked Sendable {  // every field under `condition`
        private let condition = NSCondition()
        private var waiting: [Job] = []  // a first screen's few hundred at most
        private var closed = false

        func add(_ job: @escaping Job) {
            condition.lock()
            waiting.append(job)
            condition.signal()
            condition.unlock()
        }

        func close() {
            condition.lock()
            closed = true
            condition.broadcast()
            condition.unlock()
        }

        /// The next job, waiting for one; nil once closed and drained.
        func next() -> Job? {
            condition.lock()
            defer { condition.unlock() }
            while waiting.isEmpty && !closed { condition.wait() }
            return waiting.isEmpty ? nil : waiting.removeFirst()
        }
    }
}
