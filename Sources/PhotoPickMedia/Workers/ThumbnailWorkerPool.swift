import Foundation
import Glibc
import PhotoPickCore
import PhotoPickSystem

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
public final class ThumbnailWorkerPool: @unchecked Sendable {
    public typealias Completion = @Sendable (WorkerReply) -> Void

    private let executable: String
    private let arguments: [String]
    private let timeout: Double
    private let lock = NSLock()
    private var idle: [WorkerProcess] = []
    private var all: [WorkerProcess] = []
    private var queue: [(WorkerRequest, Completion)] = []
    private var stopped = false
    private var watchdog: DispatchSourceTimer?
    /// Where stalls and crashes are remembered; nil remembers nothing.
    private let failures: FreedesktopThumbnailCache?

    /// How many workers run at once: as many requests as it is worth having in flight.
    public let workerCount: Int

    /// Starts `count` workers running `executable`; throws if it cannot be started.
    public init(executable: String, count: Int, timeout: Double = 10, memoryLimitMB: Int = 1024,
                failures: FreedesktopThumbnailCache? = .standard()) throws {
        self.workerCount = max(1, count)
        self.failures = failures
        self.executable = executable
        // --parent: a worker outlives this process by a second at most, even mid-decode.
        self.arguments = ["--memory-limit-mb", String(memoryLimitMB), "--parent", String(getpid())]
        self.timeout = timeout
        for _ in 0..<max(1, count) {
            let worker = try spawn()
            all.append(worker)
            idle.append(worker)
        }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + 0.2, repeating: 0.2)
        timer.setEventHandler { [weak self] in self?.killOverdue() }
        timer.resume()
        watchdog = timer
    }

    deinit { shutdown() }

    /// The worker executable installed beside `executable` (the running program), if any.
    public static func siblingExecutable(of executable: String = CommandLine.arguments[0]) -> String? {
        let dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let path = dir.appendingPathComponent("photopick-thumbnailer").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    public func submit(_ request: WorkerRequest, completion: @escaping Completion) {
        if request.kind == .full, let failures, let source = failures.source(for: request.path), failures.hasFailed(source) {
            return completion(WorkerReply(id: request.id, result: .failure(MediaError("\(request.path): could not be thumbnailed before"))))
        }
        lock.lock()
        guard !stopped else {
            lock.unlock()
            completion(WorkerReply(id: request.id, result: .failure(MediaError("workers stopped"))))
            return
        }
        queue.append((request, completion))
        let dispatches = takeDispatches()
        lock.unlock()
        dispatches.forEach { $0() }
    }

    /// Withdraws request `id`: newest wins for a caller that only wants its latest request.
    /// A waiting request is dropped; a running one stops with its worker, which is killed and
    /// replaced (a decoder cannot be interrupted any other way, and it may be stuck in a
    /// hostile file). Its completion gets a "cancelled" failure, unless its reply came first.
    public func cancel(_ id: UInt64) {
        lock.lock()
        let waiting = queue.firstIndex { $0.0.id == id }.map { queue.remove(at: $0) }
        let workers = waiting == nil ? all : []
        lock.unlock()
        if let (request, completion) = waiting {
            return completion(WorkerReply(id: id, result: .failure(MediaError("\(request.path): cancelled"))))
        }
        for worker in workers where worker.abandon(id) { return }
    }

    public func shutdown() {
        lock.lock()
        stopped = true
        let workers = all
        let waiting = queue
        queue.removeAll()
        watchdog?.cancel()
        lock.unlock()
        for w in workers { w.terminate() }
        for (r, c) in waiting { c(WorkerReply(id: r.id, result: .failure(MediaError("workers stopped")))) }
    }

    // MARK: Scheduling (call with the lock held; run the returned closures after unlocking)

    private func takeDispatches() -> [() -> Void] {
        var out: [() -> Void] = []
        while !idle.isEmpty, !queue.isEmpty {
            let worker = idle.removeLast()
            let (request, completion) = queue.removeFirst()
            worker.begin(request, completion: completion, deadline: Date().addingTimeInterval(timeout))
            out.append { worker.send(request) }
        }
        return out
    }

    private func finished(_ worker: WorkerProcess) {
        lock.lock()
        if !stopped { idle.append(worker) }
        let dispatches = takeDispatches()
        lock.unlock()
        dispatches.forEach { $0() }
    }

    /// A worker died (crash, kill, timeout): fail its request and start a replacement.
    /// `fileAtFault`: it died of its file (a crash or a stall), not of a cancel or shutdown.
    private func died(_ worker: WorkerProcess, reason: String, fileAtFault: Bool) {
        let lost = worker.takeCurrent()
        lock.lock()
        all.removeAll { $0 === worker }
        idle.removeAll { $0 === worker }
        let replace = !stopped
        lock.unlock()
        if let (request, completion) = lost {
            // Remembered before the caller hears of it, so its next request already fails fast.
            if replace, fileAtFault, request.kind == .full, let failures, let source = failures.source(for: request.path) {
                try? failures.recordFailure(source, mimeType: request.mimeType)
            }
            completion(WorkerReply(id: request.id, result: .failure(MediaError("\(request.path): \(reason)"))))
        }
        guard replace, let fresh = try? spawn() else { return }
        lock.lock()
        all.append(fresh)
        idle.append(fresh)
        let dispatches = takeDispatches()
        lock.unlock()
        dispatches.forEach { $0() }
    }

    private func killOverdue() {
        lock.lock()
        let overdue = all.filter { $0.isOverdue(Date()) }
        lock.unlock()
        for worker in overdue { worker.kill(reason: "timed out after \(Int(timeout)) s", fileAtFault: true) }
    }

    private func spawn() throws -> WorkerProcess {
        try WorkerProcess(executable: executable, arguments: arguments,
                          onIdle: { [weak self] w in self?.finished(w) },
                          onDeath: { [weak self] w, reason, fileAtFault in self?.died(w, reason: reason, fileAtFault: fileAtFault) })
    }
}

/// One worker process and the thread that reads its replies.
final class WorkerProcess: @unchecked Sendable {
    /// The most pixels a reply may carry: a preview decoded under the pixel cap, and never
    /// less than the 256 MiB of RGBA a thumbnail reply was always allowed.
    static let maxReplyPixels = max(ImageDecoder.configuredMaxPixels, 64 << 20)

    private let process = Process()
    private let toWorker: FileHandle
    private let fromWorker: Int32
    private let lock = NSLock()
    private var current: (WorkerRequest, ThumbnailWorkerPool.Completion, Date)?
    /// Why it was killed, and whether its file is to blame (a stall, not a cancel).
    private var killReason: (text: String, fileAtFault: Bool)?
    private let onIdle: @Sendable (WorkerProcess) -> Void
    private let onDeath: @Sendable (WorkerProcess, String, Bool) -> Void

    init(executable: String, arguments: [String], onIdle: @escaping @Sendable (WorkerProcess) -> Void,
         onDeath: @escaping @Sendable (WorkerProcess, String, Bool) -> Void) throws {
        self.onIdle = onIdle
        self.onDeath = onDeath
        let input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        WorkerPriority.lower(process.processIdentifier)  // before it is sent any work
        toWorker = input.fileHandleForWriting
        fromWorker = output.fileHandleForReading.fileDescriptor
        let reader = Thread { [self] in readReplies(output.fileHandleForReading) }
        reader.start()
    }

    func begin(_ request: WorkerRequest, completion: @escaping ThumbnailWorkerPool.Completion, deadline: Date) {
        lock.lock()
        current = (request, completion, deadline)
        lock.unlock()
    }

    func send(_ request: WorkerRequest) {
        if !PipeWrite.all(toWorker.fileDescriptor, request.line) { kill(reason: "worker pipe closed", fileAtFault: false) }
    }

    func isOverdue(_ now: Date) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return current.map { $0.2 < now } ?? false
    }

    func kill(reason: String, fileAtFault: Bool) {
        lock.lock()
        killReason = killReason ?? (reason, fileAtFault)
        lock.unlock()
        Glibc.kill(process.processIdentifier, SIGKILL)
    }

    func terminate() {
        lock.lock()
        killReason = killReason ?? ("workers stopped", false)
        lock.unlock()
        try? toWorker.close()
        Glibc.kill(process.processIdentifier, SIGKILL)
    }

    /// Kills this worker if it is working on `id`, and fails that request as cancelled.
    /// Nothing else can be sent to it meanwhile: it is not idle while it has a request.
    func abandon(_ id: UInt64) -> Bool {
        lock.lock()
        guard let (request, completion, _) = current, request.id == id else {
            lock.unlock()
            return false
        }
        current = nil  // a reply racing the kill is dropped, and the worker never goes idle
        killReason = killReason ?? ("cancelled", false)
        lock.unlock()
        Glibc.kill(process.processIdentifier, SIGKILL)
        completion(WorkerReply(id: id, result: .failure(MediaError("\(request.path): cancelled"))))
        return true
    }

    /// The request in hand, if any, now no longer this worker's to answer.
    func takeCurrent() -> (WorkerRequest, ThumbnailWorkerPool.Completion)? {
        lock.lock()
        defer { lock.unlock() }
        guard let (request, completion, _) = current else { return nil }
        current = nil
        return (request, completion)
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
                result = .failure(MediaError(String(decoding: Hex.decode(f[2]) ?? [], as: UTF8.self)))
            } else {
                break
            }
            lock.lock()
            let pending = current
            if pending?.0.id == id { current = nil }
            lock.unlock()
            if let (request, completion, _) = pending, request.id == id {
                completion(WorkerReply(id: id, result: result, sourceSize: sourceSize))
                onIdle(self)
            }
        }
        process.waitUntilExit()
        lock.lock()
        let how = process.terminationReason == .uncaughtSignal ? "signal" : "status"
        let reason = killReason ?? ("the worker process crashed (\(how) \(process.terminationStatus))", true)
        lock.unlock()
        onDeath(self, reason.text, reason.fileAtFault)
    }
}

/// Lines and exact byte counts from one file descriptor.
struct BufferedReader {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        guard let n = try? Syscall.retrying("read", { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }),
              n > 0 else { return false }
        buffer += chunk[..<n]
        return true
    }

    mutating func line() -> Substring? {
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let text = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                return Substring(text)
            }
            guard buffer.count < 1 << 20, fill() else { return nil }
        }
    }

    /// Exactly `n` bytes. What is not buffered yet is read straight into the result: a
    /// preview's pixels can be hundreds of megabytes, not to be copied twice more.
    mutating func data(_ n: Int) -> Data? {
        var out = Data(count: n)
        let buffered = min(n, buffer.count)
        out.replaceSubrange(0..<buffered, with: buffer[..<buffered])
        buffer.removeSubrange(..<buffered)
        var done = buffered
        while done < n {
            guard let got = try? Syscall.retrying("read", { out.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, n - done) } }),
                  got > 0 else { return nil }
            done += got
        }
        return out
    }
}
