import Foundation
import PhotoPickCore
import PhotoPickMedia
import Synchronization

/// Where the preview's large image is decoded (`large` worker requests): a worker process of
/// its own when the worker executable is installed beside photopick, so a file that crashes,
/// hangs or floods the decoder costs that one preview and never the window; else a queue in
/// this process, without that isolation.
protocol PreviewBackend: Sendable {
    func decode(_ request: WorkerRequest, completion: @escaping @Sendable (WorkerReply) -> Void)
    /// Withdraws a request: no later decode waits behind it. Its completion may still come.
    func cancel(_ id: UInt64)
}

extension ThumbnailWorkerPool: PreviewBackend {
    func decode(_ request: WorkerRequest, completion: @escaping @Sendable (WorkerReply) -> Void) {
        submit(request, completion: completion)
    }
}

/// The fallback: one decode at a time, newest wins; a request withdrawn or overtaken before
/// its turn is skipped (one already decoding cannot be stopped).
final class InProcessPreview: PreviewBackend {
    private let lane = SerialLane(priority: .userInitiated)
    private let service = ThumbnailService()
    /// The newest request, set on the main thread and read in the lane.
    private let wanted = Mutex<UInt64?>(nil)

    func decode(_ request: WorkerRequest, completion: @escaping @Sendable (WorkerReply) -> Void) {
        wanted.withLock { $0 = request.id }
        lane.run { [self] in
            guard wanted.withLock({ $0 == request.id }) else {
                return completion(WorkerReply(id: request.id, result: .failure(.worker(path: request.path, failure: .cancelled))))
            }
            completion(ThumbnailWorker.respond(to: request, service: service))
        }
    }

    func cancel(_ id: UInt64) {
        wanted.withLock { if $0 == id { $0 = nil } }
    }
}

enum PreviewBackends {
    /// One worker, with more time than a thumbnail gets (a 100-megapixel photo at actual size
    /// takes seconds) and the memory such a decode needs: the pixels, their upright copy and
    /// the copy sent back.
    static func best() -> any PreviewBackend {
        if let worker = ThumbnailWorkerPool.siblingExecutable(),
           let pool = try? ThumbnailWorkerPool(executable: worker, count: 1, timeout: 30, memoryLimitMB: 2048) {
            return pool
        }
        return InProcessPreview()
    }
}
