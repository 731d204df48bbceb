import Foundation
import PhotoPickCore
import PhotoPickMedia

/// Where thumbnails are made: worker processes when the worker executable is installed
/// beside photopick (the normal case), else threads in this process.
protocol ThumbnailBackend: Sendable {
    /// How many requests are worth having in flight at once. Read often: keep it a stored
    /// value (ProcessInfo.activeProcessorCount reads cgroup files on every call).
    var concurrency: Int { get }
    func make(_ request: WorkerRequest, completion: @escaping @Sendable (WorkerReply) -> Void)
}

extension ThumbnailWorkerPool: ThumbnailBackend {
    var concurrency: Int { workerCount }
    func make(_ request: WorkerRequest, completion: @escaping @Sendable (WorkerReply) -> Void) {
        submit(request, completion: completion)
    }
}

/// The fallback: the same work as tasks in Swift's concurrency pool (no crash isolation). A
/// decode is CPU work, which is what the pool's threads are for; the loader keeps at most
/// twice `concurrency` requests in flight.
struct InProcessThumbnails: ThumbnailBackend {
    let service = ThumbnailService()
    let concurrency = ThumbnailBackends.cores

    func make(_ request: WorkerRequest, completion: @escaping @Sendable (WorkerReply) -> Void) {
        let service = self.service
        Task.detached(priority: .userInitiated) {
            completion(ThumbnailWorker.respond(to: request, service: service))
        }
    }
}

enum ThumbnailBackends {
    /// One worker per core, as the processor count was at start.
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    static func best() -> any ThumbnailBackend {
        if let worker = ThumbnailWorkerPool.siblingExecutable(),
           let pool = try? ThumbnailWorkerPool(executable: worker, count: cores) {
            return pool
        }
        return InProcessThumbnails()
    }
}
