import Foundation
import Glibc
import Synchronization

/// A worker process this process started, watched without help: its exit is waited for with
/// `waitid` and reaped once, and it is never signalled after that (its pid may belong to
/// another process by then).
///
/// Not `Foundation.Process`: on Linux that leaves one end of a socket pair open in the child
/// (how it learns of the exit), so every worker held a descriptor it had no use for.
public final class WorkerChild: Sendable {
    public let processIdentifier: pid_t
    /// The wait status, once reaped.
    private let reaped = Mutex<Int32?>(nil)

    public init(pid: pid_t) { processIdentifier = pid }

    public var isRunning: Bool { !reapIfExited() }

    /// Blocks until the process has ended, then reaps it.
    public func waitUntilExit() {
        while !reapIfExited() {
            // Waits without reaping (WNOWAIT): the reap happens under the lock, so a signal
            // sent meanwhile still reaches this process, never a successor with its pid.
            var info = siginfo_t()
            let result = waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT)
            if result == -1, errno != EINTR, errno != ECHILD { usleep(10_000) }
        }
    }

    /// Sends `signal` unless the process has already been reaped.
    public func send(_ signal: Int32) {
        reaped.withLock { status in
            if status == nil { _ = kill(processIdentifier, signal) }
        }
    }

    public var terminationReason: Process.TerminationReason {
        status & 0x7F == 0 ? .exit : .uncaughtSignal
    }

    /// The exit status, or the signal that ended it.
    public var terminationStatus: Int32 {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    }

    private var status: Int32 {
        reaped.withLock { $0 } ?? 0
    }

    /// True once the process has ended (it is reaped here, its status kept).
    private func reapIfExited() -> Bool {
        reaped.withLock { status in
            if status != nil { return true }
            var raw: Int32 = 0
            let pid = waitpid(processIdentifier, &raw, WNOHANG)
            if pid == processIdentifier {
                status = raw
            } else if pid == -1, errno == ECHILD {
                status = 0x7F00  // reaped by someone else: gone, with no status to tell
            }
            return status != nil
        }
    }
}
