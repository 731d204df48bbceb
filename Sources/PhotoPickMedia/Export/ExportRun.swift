import Foundation
import Glibc
import PhotoPickCore
import PhotoPickSystem
import Synchronization

/// One `ExportEngine.export` call: a thread per worker slot takes the next file and has its
/// worker write it into a temporary file in the destination (`ExportTemporary`: unnamed where
/// the file system allows, so a run killed half-way leaves nothing); the files are then published
/// under names of their own (`ExportPublishing`) in the request's order, whatever order they
/// finish in, so two picks named `a.jpg` become `a.jpg` and `a (2).jpg` in pick order.
/// Threads, not tasks: each blocks on its worker's pipe. Publishing (the file's fsync, its
/// link or rename, the folder's fsync) runs on a thread of its own, so a slot hands its worker
/// the next file at once instead of leaving a core idle while the disk syncs.
final class ExportRun: Sendable {
    private let engine: ExportEngine
    private let sources: [RawPath]
    private let settings: ExportSettings
    private let destination: RawPath
    /// The folder was made for this export: a cancelled export removes it.
    private let ownsFolder: Bool
    private let progress: @Sendable (ExportProgress) -> Void
    /// Asks the publishing thread for `publishInOrder` runs, one at a time; `finish` waits
    /// for those asked to be done.
    private let publisher = BlockingState(Publisher())

    private struct Publisher: Sendable {
        /// A slot finished a file since the last run began: run again.
        var asked = false
        var running = false
        /// No more runs: the thread ends.
        var closed = false
    }

    /// A file its worker is done with: written into a temporary file, or failed.
    private enum Finished {
        case made(temporary: ExportTemporary, fileExtension: [UInt8], bytes: Int64)
        case failed(ExportOutcome)
    }

    private struct State {
        var next = 0
        var done = 0
        var outcomes: [ExportOutcome?]
        /// Finished files waiting for those before them to be published, by index.
        var finished: [Int: Finished] = [:]
        /// The index published next (one at a time: only the publishing thread publishes).
        var nextToPublish = 0
        var cancelled = false
        var slotsRunning = 0
        var workers: [Int: ExportWorkerProcess] = [:]
        var published: [RawPath] = []
        var continuation: CheckedContinuation<ExportReport, Error>?
    }
    private let state: Mutex<State>

    init(engine: ExportEngine, sources: [RawPath], settings: ExportSettings, destination: RawPath, ownsFolder: Bool,
         progress: @escaping @Sendable (ExportProgress) -> Void) {
        self.engine = engine
        self.sources = sources
        self.settings = settings
        self.destination = destination
        self.ownsFolder = ownsFolder
        self.progress = progress
        state = Mutex(State(outcomes: Array(repeating: nil, count: sources.count)))
    }

    func start() async throws -> ExportReport {
        try await withCheckedThrowingContinuation { continuation in
            let slots = min(engine.workerCount, sources.count)
            let cancelled = state.withLock { s in
                s.continuation = continuation
                s.slotsRunning = slots
                return s.cancelled
            }
            if slots == 0 || cancelled { return finish() }
            BlockingThread.start("pp-export-pub", .disk) { [self] in runPublisher() }
            for slot in 0..<slots {
                BlockingThread.start("pp-export-slot", .childProcess) { [self] in runSlot(slot) }
            }
        }
    }

    /// Kills every worker now; the slots then clean up and stop.
    func cancel() {
        let workers = state.withLock { s in
            s.cancelled = true
            return Array(s.workers.values)
        }
        for worker in workers { worker.kill() }
    }

    private func runSlot(_ slot: Int) {
        var worker: ExportWorkerProcess?
        while let index = takeNext() {
            progress(ExportProgress(done: state.withLock { $0.done }, total: sources.count, current: sources[index]))
            let finished = export(index, slot: slot, worker: &worker)
            let done = state.withLock { s in
                s.finished[index] = finished
                s.done += 1
                return s.done
            }
            progress(ExportProgress(done: done, total: sources.count, current: nil))
            publisher.withLock { $0.asked = true }
        }
        state.withLock { _ = $0.workers.removeValue(forKey: slot) }
        worker?.terminate()
        let last = state.withLock { s in
            s.slotsRunning -= 1
            return s.slotsRunning == 0
        }
        if last { finish() }
    }

    private func takeNext() -> Int? {
        state.withLock { s in
            guard !s.cancelled, s.next < sources.count else { return nil }
            defer { s.next += 1 }
            return s.next
        }
    }

    /// The publishing thread: runs `publishInOrder` whenever a slot has finished a file since
    /// the last run began, until `finish` closes it. Several files finished during one run are
    /// published by the next.
    private func runPublisher() {
        while publisher.wait({ p -> Bool? in
            if p.asked {
                p.asked = false
                p.running = true
                return true
            }
            return p.closed ? false : nil
        }) {
            publishInOrder()
            publisher.withLock { $0.running = false }
        }
    }

    /// Publishes the finished files whose turn it is, in the request's order (on the publishing
    /// thread, after each file a slot finishes): the file next in line and the finished ones after it.
    /// Nothing more after a cancel (`finish` removes what is left).
    private func publishInOrder() {
        while true {
            let turn = state.withLock { s -> (index: Int, file: Finished)? in
                guard !s.cancelled, let file = s.finished.removeValue(forKey: s.nextToPublish) else { return nil }
                s.nextToPublish += 1
                return (s.nextToPublish - 1, file)
            }
            guard let turn else { return }
            let outcome = publish(turn.index, turn.file)
            state.withLock { s in
                s.outcomes[turn.index] = outcome
                if let path = outcome.exportedPath { s.published.append(path) }
            }
        }
    }

    /// Gives a made file the first free name for its original's stem.
    private func publish(_ index: Int, _ file: Finished) -> ExportOutcome {
        let source = sources[index]
        switch file {
        case .failed(let outcome):
            return outcome
        case .made(let temporary, let fileExtension, let bytes):
            do {
                let mode: mode_t = ownsFolder ? 0o600 : 0o644
                let path = try temporary.publish(stem: ExportPublishing.stem(of: source), fileExtension: fileExtension, mode: mode)
                return ExportOutcome(source: source, result: .exported(path: path, bytes: bytes))
            } catch {
                temporary.discard()
                return Self.failure(source, writeFailure(error))
            }
        }
    }

    /// `source`'s outcome for `error`. The reason is English: it goes into machine output (the
    /// response file, JSON), the same in every language; stderr words `error` in the user's.
    private static func failure(_ source: RawPath, _ error: MediaError) -> ExportOutcome {
        ExportOutcome(source: source, result: .failed(reason: error.message(in: .english)), error: error)
    }

    /// `error` writing into the destination: a full folder says how full.
    private func writeFailure(_ error: SystemError) -> MediaError {
        guard FullFolder.isFull(error.code) else { return .unwritable(path: destination, reason: error.reason) }
        return .folderFull(free: FullFolder.freeBytes(at: destination), quota: error.code == EDQUOT)
    }

    /// One file, up to its temporary file (kept for `publish`); a failure is an outcome with
    /// its reason.
    private func export(_ index: Int, slot: Int, worker: inout ExportWorkerProcess?) -> Finished {
        let source = sources[index]
        func failed(_ error: MediaError) -> Finished { .failed(Self.failure(source, error)) }
        var st = stat()
        guard source.withCString({ stat($0, &st) }) == 0 else {
            return failed(.unreadable(path: source, reason: errno == ENOENT ? .missing : .error(SystemError.text(errno))))
        }
        guard st.st_mode & S_IFMT == S_IFREG else { return failed(.unreadable(path: source, reason: .notRegularFile)) }
        let temporary: ExportTemporary
        do {
            temporary = try ExportTemporary.make(in: destination, unnamed: engine.unnamedTemporaries)
        } catch {
            return failed(writeFailure(error))
        }
        var made = false
        defer { if !made { temporary.discard() } }
        if worker == nil {
            worker = try? ExportWorkerProcess(executable: engine.executable, arguments: engine.workerArguments)
        }
        guard let current = worker else {
            return failed(.worker(path: source, failure: .couldNotStart(program: engine.executable)))
        }
        let cancelled = state.withLock { s in
            s.workers[slot] = current
            return s.cancelled
        }
        if cancelled { return failed(.worker(path: source, failure: .cancelled)) }
        // The worker syncs nothing: `publish` does, while the worker goes on to its next file.
        let job = ExportJob(id: UInt64(index + 1), source: source, temporary: temporary.workerPath, settings: settings)
        // A video is copied whole: its time grows with its size (20 MB/s at the slowest).
        let limit = engine.timeLimit + Double(st.st_size) / 20e6
        switch current.run(job, timeLimit: limit) {
        case .lost(let reason):
            worker = nil
            state.withLock { _ = $0.workers.removeValue(forKey: slot) }
            current.terminate()
            return failed(.worker(path: source, failure: state.withLock { $0.cancelled } ? .cancelled : reason))
        case .reply(let reply):
            switch reply.result {
            case .failure(let error):
                return failed(error)
            case .success(let written):
                made = true
                return .made(temporary: temporary, fileExtension: written.fileExtension, bytes: written.bytes)
            }
        }
    }

    /// Answers the caller: the report, or after a cancel, `CancellationError` with every
    /// file this export published or made removed (and its private folder).
    private func finish() {
        // The last files' publishing, asked for before the slots ended; then the thread ends.
        publisher.wait(until: { !$0.asked && !$0.running })
        publisher.withLock { $0.closed = true }
        let (continuation, cancelled, outcomes, published, unpublished) = state.withLock { s in
            defer { s.continuation = nil; s.finished = [:] }
            return (s.continuation, s.cancelled, s.outcomes, s.published, s.finished.values)
        }
        guard let continuation else { return }
        for case .made(let temporary, _, _) in unpublished { temporary.discard() }
        if cancelled {
            for path in published { _ = path.withCString { unlink($0) } }
            if ownsFolder { _ = destination.withCString { rmdir($0) } }
            continuation.resume(throwing: CancellationError())
        } else {
            continuation.resume(returning: ExportReport(outcomes: outcomes.enumerated().map { i, outcome in
                outcome ?? Self.failure(sources[i], .worker(path: sources[i], failure: .stopped))
            }))
        }
    }
}
