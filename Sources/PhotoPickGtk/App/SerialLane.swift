/// Background work done one job at a time, in the order given, in Swift's concurrency pool:
/// what a serial Dispatch queue did, as one long-lived task reading jobs from a stream.
///
/// For short CPU-bound jobs (decoding in this process when no worker is installed); results
/// go back to the main actor through `MainQueueBridge`. Jobs that block on a pipe or the disk
/// belong on threads of their own (`ThumbnailWorkerPool`, `ReadThreads`), not here.
final class SerialLane: Sendable {
    typealias Job = @Sendable () -> Void
    private let jobs: AsyncStream<Job>.Continuation

    init(priority: TaskPriority) {
        let (stream, jobs) = AsyncStream.makeStream(of: Job.self)
        self.jobs = jobs
        // The task holds the stream, not the lane: when the lane goes, the stream ends after
        // the jobs already given, and so does the task.
        Task.detached(priority: priority) {
            for await job in stream { job() }
        }
    }

    deinit { jobs.finish() }

    /// Runs `job` after those given before it.
    func run(_ job: @escaping Job) { jobs.yield(job) }
}
