import Foundation
import PhotoPickSystem

/// A few threads of their own for short jobs that block on the disk (reading thumbnails from
/// the shared cache). Swift's cooperative pool has one thread per core, two here: a first
/// screen's 200 cache reads started as tasks there held both, and a search keystroke
/// (`BackgroundSearch`) waited behind them. Jobs run in the order given, `count` at a time;
/// with one thread, one after another. The threads end once the object is gone and the jobs
/// given before are done.
final class ReadThreads: Sendable {
    typealias Job = @Sendable () -> Void
    /// The jobs waiting (a first screen's few hundred at most), which the threads wait on.
    private let jobs = BlockingState(Jobs())

    private struct Jobs: Sendable {
        var waiting: [Job] = []
        var closed = false
    }

    init(count: Int) {
        for _ in 0..<max(1, count) {
            BlockingThread.start("pp-cache-read", .disk) { [jobs] in
                while let job = ReadThreads.next(jobs) { job() }
            }
        }
    }

    deinit { jobs.withLock { $0.closed = true } }

    func run(_ job: @escaping Job) { jobs.withLock { $0.waiting.append(job) } }

    /// The next job, waiting for one; nil once closed and drained.
    private static func next(_ jobs: BlockingState<Jobs>) -> Job? {
        jobs.wait { j -> Job?? in
            if !j.waiting.isEmpty { return .some(j.waiting.removeFirst()) }
            return j.closed ? .some(nil) : nil
        }
    }
}
