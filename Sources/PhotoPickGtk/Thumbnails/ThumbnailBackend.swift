import Dispatch
import Foundation
import PhotoPickCore
import PhotoPickMedia

/// Where thumbnails are made: worker processes when the worker executable is installed
/// beside photopick (the normal case), else threads in this process.
protocol ThumbnailBackend: Sendable {
    var concurrency: Int { get }
    func make(_ request: WorkerRequest, completion: @escaping @Sendable (WorkerReply) -> Void)
}

extension ThumbnailWorkerPool: ThumbnailBackend {
    var concurrency: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
    func make(_ request: WorkerRequest, completion: @escaping @Sendable (WorkerReply) -> Void) {
        submit(request, completion: completion)
    }
}

/// The fallback: the same work on background threads (no crash isolation).
struct InProcessThumbnails: ThumbnailBackend {
    let service = ThumbnailService()
    var concurrency: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    func make(_ request: WorkerRequest, completion: @escaping @Sendable (WorkerReply) -> Void) {
        let service = self.service
        DispatchQueue.global(qos: .userInitiated).async {
            completion(WorkerReply(id: request.id, result: ThumbnailWorker.handle(request, service: service)))
        }
    }
}

enum ThumbnailBackends {
    static func best() -> any ThumbnailBackend {
        if let worker = ThumbnailWorkerPool.siblingExecutable(),
           let pool = try? ThumbnailWorkerPool(executable: worker, count: ProcessInfo.processInfo.activeProcessorCount) {
            return pool
        }
        return InProcessThumbnails()
    }
}
