import Foundation
import Glibc
import PhotoPickCore
import PhotoPickSystem

/// One export worker process (`photopick-exporter`), driven by one thread of an
/// `ExportRun`: a job is sent, and its reply line awaited until a deadline.
// Safe: `buffer`, the one mutable field, is used only by `run`, which only the slot thread
// that made this worker calls; other threads (a cancel) only `kill`, through `process`.
final class ExportWorkerProcess: @unchecked Sendable {
    enum Outcome {
        case reply(ExportJobReply)
        /// The process died (crash, kill) or stalled past its deadline and was killed.
        case lost(MediaError.WorkerFailure)
    }

    private let process: WorkerChild
    private let toWorker: FileHandle
    private let fromWorker: FileHandle
    private var buffer: [UInt8] = []
    var pid: pid_t { process.processIdentifier }

    init(executable: String, arguments: [String]) throws {
        let launch = try WorkerLaunch(executable: executable, arguments: arguments)
        (process, toWorker, fromWorker) = (launch.process, launch.toWorker, launch.fromWorker)
    }

    deinit { terminate() }

    /// Sends `job` and waits for its reply; after `timeLimit` seconds the worker is killed.
    func run(_ job: ExportJob, timeLimit: Double) -> Outcome {
        let deadline = Date().addingTimeInterval(timeLimit)
        guard PipeWrite.all(toWorker.fileDescriptor, job.line) else { return .lost(died()) }
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                guard let reply = ExportJobReply(line: Substring(line)), reply.id == job.id else {
                    kill()
                    return .lost(.nonsense)
                }
                return .reply(reply)
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 {
                kill()
                process.waitUntilExit()
                return .lost(.timedOut(seconds: Int(timeLimit)))
            }
            var fds = pollfd(fd: fromWorker.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, Int32(min(left, 0.5) * 1000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { return .lost(died()) }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fromWorker.fileDescriptor, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return .lost(died()) }
            buffer += chunk[..<n]
        }
    }

    /// Kills the worker (a cancel reaches the decoder at once, wherever it is).
    func kill() { process.send(SIGKILL) }

    func terminate() {
        try? toWorker.close()
        if process.isRunning { process.send(SIGKILL) }
        process.waitUntilExit()
    }

    /// Why the worker is gone, once it has been reaped.
    private func died() -> MediaError.WorkerFailure {
        kill()
        process.waitUntilExit()
        return .crashed(signal: process.terminationReason == .uncaughtSignal, code: process.terminationStatus)
    }
}
