import Foundation
import Glibc
import PhotoPickCore
import PhotoPickSystem
import Synchronization

/// Worker processes that decode: thumbnails (one worker per core), or the preview's large
/// image (one of its own); each request under a time limit.
///
/// A worker that crashes or overruns costs only its current request (failed with a reason)
/// and is replaced. Requests wait in a queue while every worker is busy; the window keeps
/// that queue short by submitting only for tiles on screen.
///
/// A thumbnail (`full`) whose worker timed out or crashed is remembered as failed in the
/// shared cache's `fail/` folder, as the thumbnail standard intends; the worker is dead, so
/// this process writes it. A later request for that file, unchanged (same mtime), fails at
/// once without reaching a worker; a changed file is tried again.
///
/// Why threads and a `Mutex`, not an actor: each worker has a thread of its own blocked in
/// `read` on the worker's pipe until the reply comes, for up to the time limit. Swift's
/// cooperative pool has one thread per core and expects tasks never to block; a handful of
/// blocked reads would starve every other task in the process (the scan, the cached-thumbnail
/// reads). So the blocking stays on dedicated threads, the shared state is a `Mutex`, and the
/// public face is a completion handler any thread may call from; the window turns replies
/// into main-actor work through its one bridge.
public final class ThumbnailWorkerPool: Sendable {
    public typealias Completion = @Sendable (WorkerReply) -> Void

    private let executable: String
    private let arguments: [String]
    private let timeout: Double
    /// What the submitting threads, the reply threads and the watchdog share.
    private struct State {
        var idle: [WorkerProcess] = []
        var all: [WorkerProcess] = []
        var queue: [(WorkerRequest, Completion)] = []
        var stopped = false
    }
    private let state = Mutex(State())
    /// Where stalls and crashes are remembered; nil remembers nothing.
    private let failures: FreedesktopThumbnailCache?
    /// Shutdowns whose workers have not all ended yet (one at most): `waitUntilStopped`
    /// waits for none.
    private let ending = BlockingState(0)
    /// How long `shutdown` lets idle workers finish their cache writes and exit.
    private let shutdownGrace: TimeInterval

    /// How many workers run at once: as many requests as it is worth having in flight.
    public let workerCount: Int

    /// Starts `count` workers running `executable`; throws if it cannot be started.
    /// `shutdownGrace`: how long a shutdown lets idle workers write what they made (see `shutdown`).
    public init(executable: String, count: Int, timeout: Double = 10, memoryLimitMB: Int = 1024,
                failures: FreedesktopThumbnailCache? = .standard(), shutdownGrace: TimeInterval = 2) throws {
        self.workerCount = max(1, count)
        self.shutdownGrace = shutdownGrace
        self.failures = failures
        self.executable = executable
        // --parent: a worker outlives this process by a second at most, even mid-decode.
        self.arguments = ["--memory-limit-mb", String(memoryLimitMB), "--parent", String(getpid())]
        self.timeout = timeout
        for _ in 0..<max(1, count) {
            let worker = try spawn()
            state.withLock {
                $0.all.append(worker)
                $0.idle.append(worker)
            }
        }
        Self.watch(self)
    }

    /// Kills `pool`'s workers past their deadline, checking every 0.2 s until it has stopped
    /// or is gone. A thread, not a task: it must run while the cooperative pool is busy (or
    /// blocked).
    private static func watch(_ pool: ThumbnailWorkerPool) {
        BlockingThread.start("pp-pool-watch", .watchdog) { [weak pool] in
            while true {
                usleep(200_000)
                guard let pool, !pool.state.withLock({ $0.stopped }) else { return }
                pool.killOverdue()
            }
        }
    }

    deinit { shutdown() }

    /// The worker executable installed beside `executable` (the running program), if any.
    public static func siblingExecutable(of executable: String? = nil) -> String? {
        WorkerLaunch.sibling("photopick-thumbnailer", of: executable ?? ProgramSearch.runningExecutable)
    }

    public func submit(_ request: WorkerRequest, completion: @escaping Completion) {
        if request.kind == .full, let failures, let source = failures.source(for: request.path), failures.hasFailed(source) {
            return completion(WorkerReply(id: request.id, result: .failure(.failedBefore(path: request.path))))
        }
        let dispatches: [() -> Void]? = state.withLock { s in
            guard !s.stopped else { return nil }
            s.queue.append((request, completion))
            return takeDispatches(&s)
        }
        guard let dispatches else {
            return completion(WorkerReply(id: request.id, result: .failure(.worker(path: request.path, failure: .stopped))))
        }
        dispatches.forEach { $0() }
    }

    /// Withdraws request `id`: newest wins for a caller that only wants its latest request.
    /// A waiting request is dropped; a running one stops with its worker, which is killed and
    /// replaced (a decoder cannot be interrupted any other way, and it may be stuck in a
    /// hostile file). Its completion gets a `cancelled` failure, unless its reply came first.
    public func cancel(_ id: UInt64) {
        let (waiting, workers) = state.withLock { s in
            let waiting = s.queue.firstIndex { $0.0.id == id }.map { s.queue.remove(at: $0) }
            return (waiting, waiting == nil ? s.all : [])
        }
        if let (request, completion) = waiting {
            return completion(WorkerReply(id: id, result: .failure(.worker(path: request.path, failure: .cancelled))))
        }
        for worker in workers where worker.abandon(id) { return }
    }

    /// Ends the pool and returns at once; `waitUntilStopped` waits for the end. Waiting
    /// requests fail. Idle workers are asked to end (their input closed) and given
    /// `shutdownGrace` to write the thumbnails they made into the cache; busy ones, and any
    /// that overstay, are killed. That wait runs on a thread of its own: the caller may be
    /// the main thread (releasing the pool), which must not stall for it.
    public func shutdown() {
        let (workers, waiting, first) = state.withLock { s in
            let first = !s.stopped
            s.stopped = true
            let waiting = s.queue
            s.queue.removeAll()
            return (s.all, waiting, first)
        }
        guard first else { return }
        for w in workers { w.closeInput() }
        let grace = Date().addingTimeInterval(shutdownGrace)
        let ending = ending
        ending.withLock { $0 += 1 }
        BlockingThread.start("pp-pool-reap", .childProcess) {
            for w in workers { w.terminate(idleBy: grace) }
            ending.withLock { $0 -= 1 }
        }
        for (r, c) in waiting { c(WorkerReply(id: r.id, result: .failure(.worker(path: r.path, failure: .stopped)))) }
    }

    /// After `shutdown`: returns once every worker it found has ended, so what idle workers
    /// wrote into the cache is there.
    public func waitUntilStopped() {
        ending.wait(until: { $0 == 0 })
    }

    /// The workers' process ids (tests look at what each one holds).
    var workerProcessIDs: [pid_t] {
        state.withLock { $0.all.map(\.pid) }
    }

    // MARK: Scheduling (inside the state's lock; run the returned closures after it)

    private func takeDispatches(_ s: inout State) -> [() -> Void] {
        var out: [() -> Void] = []
        while !s.idle.isEmpty, !s.queue.isEmpty {
            let worker = s.idle.removeLast()
            let (request, completion) = s.queue.removeFirst()
            worker.begin(request, completion: completion, deadline: Date().addingTimeInterval(timeout))
            out.append { worker.send(request) }
        }
        return out
    }

    private func finished(_ worker: WorkerProcess) {
        let dispatches = state.withLock { s in
            if !s.stopped { s.idle.append(worker) }
            return takeDispatches(&s)
        }
        dispatches.forEach { $0() }
    }

    /// A worker died (crash, kill, timeout): fail its request and start a replacement.
    /// `fileAtFault`: it died of its file (a crash or a stall), not of a cancel or shutdown.
    private func died(_ worker: WorkerProcess, reason: MediaError.WorkerFailure, fileAtFault: Bool) {
        let lost = worker.takeCurrent()
        let replace = state.withLock { s in
            s.all.removeAll { $0 === worker }
            s.idle.removeAll { $0 === worker }
            return !s.stopped
        }
        if let (request, completion) = lost {
            // Remembered before the caller hears of it, so its next request already fails fast.
            if replace, fileAtFault, request.kind == .full, let failures, let source = failures.source(for: request.path) {
                try? failures.recordFailure(source, mimeType: request.mimeType)
            }
            completion(WorkerReply(id: request.id, result: .failure(.worker(path: request.path, failure: reason))))
        }
        guard replace, let fresh = try? spawn() else { return }
        let dispatches = state.withLock { s in
            s.all.append(fresh)
            s.idle.append(fresh)
            return takeDispatches(&s)
        }
        dispatches.forEach { $0() }
    }

    private func killOverdue() {
        let overdue = state.withLock { $0.all.filter { $0.isOverdue(Date()) } }
        for worker in overdue { worker.kill(reason: .timedOut(seconds: Int(timeout)), fileAtFault: true) }
    }

    private func spawn() throws -> WorkerProcess {
        try WorkerProcess(executable: executable, arguments: arguments,
                          onIdle: { [weak self] w in self?.finished(w) },
                          onDeath: { [weak self] w, reason, fileAtFault in self?.died(w, reason: reason, fileAtFault: fileAtFault) })
    }
}

/// One worker process and the thread that reads its replies.
final class WorkerProcess: Sendable {
    /// The most pixels a reply may carry: a preview decoded under the pixel cap, and never
    /// less than the 256 MiB of RGBA a thumbnail reply was always allowed.
    static let maxReplyPixels = max(ImageDecoder.configuredMaxPixels, 64 << 20)

    private let process: WorkerChild
    private let toWorker: FileHandle
    private let fromWorker: FileHandle
    private struct State {
        var current: (WorkerRequest, ThumbnailWorkerPool.Completion, Date)?
        /// Why it was killed, and whether its file is to blame (a stall, not a cancel).
        var killReason: (failure: MediaError.WorkerFailure, fileAtFault: Bool)?
    }
    /// Shared by the pool's threads and this worker's reply thread.
    private let state = Mutex(State())
    private let onIdle: @Sendable (WorkerProcess) -> Void
    private let onDeath: @Sendable (WorkerProcess, MediaError.WorkerFailure, Bool) -> Void

    init(executable: String, arguments: [String], onIdle: @escaping @Sendable (WorkerProcess) -> Void,
         onDeath: @escaping @Sendable (WorkerProcess, MediaError.WorkerFailure, Bool) -> Void) throws {
        self.onIdle = onIdle
        self.onDeath = onDeath
        let launch = try WorkerLaunch(executable: executable, arguments: arguments)
        process = launch.process
        toWorker = launch.toWorker
        fromWorker = launch.fromWorker
        // A thread of its own per worker: reading the pipe blocks until the worker answers,
        // which must not hold one of the cooperative pool's few threads.
        BlockingThread.start("pp-worker-reply", .childProcess) { [self] in readReplies(fromWorker) }
    }

    var pid: pid_t { process.processIdentifier }

    func begin(_ request: WorkerRequest, completion: @escaping ThumbnailWorkerPool.Completion, deadline: Date) {
        state.withLock { $0.current = (request, completion, deadline) }
    }

    func send(_ request: WorkerRequest) {
        if !PipeWrite.all(toWorker.fileDescriptor, request.line) { kill(reason: .pipeClosed, fileAtFault: false) }
    }

    func isOverdue(_ now: Date) -> Bool {
        state.withLock { $0.current.map { $0.2 < now } ?? false }
    }

    func kill(reason: MediaError.WorkerFailure, fileAtFault: Bool) {
        state.withLock { $0.killReason = $0.killReason ?? (reason, fileAtFault) }
        process.send(SIGKILL)
    }

    /// Ends the worker's input: an idle worker then writes what it still has queued for the
    /// cache and exits.
    func closeInput() {
        state.withLock { $0.killReason = $0.killReason ?? (.stopped, false) }
        try? toWorker.close()
    }

    /// Waits until `deadline` for an idle worker to exit by itself; kills a busy one (its
    /// request is abandoned) at once, and one still running at the deadline; returns once it
    /// has ended.
    func terminate(idleBy deadline: Date) {
        if state.withLock({ $0.current == nil }) {
            while process.isRunning, Date() < deadline { usleep(2_000) }
        }
        if process.isRunning { process.send(SIGKILL) }
        process.waitUntilExit()  // ended, not just told to: `waitUntilStopped` promises that
    }

    /// Kills this worker if it is working on `id`, and fails that request as cancelled.
    /// Nothing else can be sent to it meanwhile: it is not idle while it has a request.
    func abandon(_ id: UInt64) -> Bool {
        let taken: (WorkerRequest, ThumbnailWorkerPool.Completion)? = state.withLock { s in
            guard let (request, completion, _) = s.current, request.id == id else { return nil }
            s.current = nil  // a reply racing the kill is dropped, and the worker never goes idle
            s.killReason = s.killReason ?? (.cancelled, false)
            return (request, completion)
        }
        guard let (request, completion) = taken else { return false }
        process.send(SIGKILL)
        completion(WorkerReply(id: id, result: .failure(.worker(path: request.path, failure: .cancelled))))
        return true
    }

    /// The request in hand, if any, now no longer this worker's to answer.
    func takeCurrent() -> (WorkerRequest, ThumbnailWorkerPool.Completion)? {
        state.withLock { s in
            guard let (request, completion, _) = s.current else { return nil }
            s.current = nil
            return (request, completion)
        }
    }

    private func readReplies(_ handle: FileHandle) {
        var reader = BufferedReader(fd: handle.fileDescriptor)
        while let header = reader.line() {
            let f = header.split(separator: " ")
            guard f.count >= 3, let id = UInt64(f[0]) else { break }
            let result: Result<(DecodedImage, ThumbnailOrigin), MediaError>
            var sourceSize: (width: Int, height: Int)?
            if f[1] == "ok", f.count == 7 || f.count == 9, let w = Int(f[2]), let h = Int(f[3]), let n = Int(f[6]),
               let origin = ThumbnailOrigin(rawValue: String(f[5])), (1...1 << 20).contains(w), (1...1 << 20).contains(h),
               n <= 4 * Self.maxReplyPixels, n == w * h * (f[4] == "1" ? 4 : 3) {
                let alpha = f[4] == "1"
                guard let pixels = reader.data(n) else { break }
                result = .success((DecodedImage(width: w, height: h, rowStride: w * (alpha ? 4 : 3), hasAlpha: alpha,
                                                pixels: pixels), origin))
                if f.count == 9, let sw = Int(f[7]), let sh = Int(f[8]) { sourceSize = (sw, sh) }
            } else if f[1] == "err" {
                // A field that is no `MediaError` (a stand-in worker's) still fails its request.
                result = .failure(MediaError(wireField: f[2]) ?? .worker(path: nil, failure: .nonsense))
            } else {
                break
            }
            let pending = state.withLock { s in
                let pending = s.current
                if pending?.0.id == id { s.current = nil }
                return pending
            }
            if let (request, completion, _) = pending, request.id == id {
                completion(WorkerReply(id: id, result: result, sourceSize: sourceSize))
                onIdle(self)
            }
        }
        process.waitUntilExit()
        let killed = state.withLock { $0.killReason }
        let crashed = MediaError.WorkerFailure.crashed(signal: process.terminationReason == .uncaughtSignal,
                                                       code: process.terminationStatus)
        let reason = killed ?? (failure: crashed, fileAtFault: true)
        onDeath(self, reason.failure, reason.fileAtFault)
    }
}
