import Glibc
import PhotoPickSystem

/// Writes to a worker's pipe without risking the window. A worker can die between being
/// handed a request and receiving it (killed when its request was cancelled, or crashing at
/// start), and writing to its closed pipe raises SIGPIPE, which would end the whole window.
/// The signal is blocked on this thread for the write and, if the write raised it, taken off
/// the thread again: the write just fails with EPIPE.
enum PipeWrite {
    static func all(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var done = 0
        while done < bytes.count {
            do {
                let n = try Syscall.retrying("write") { bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) } }
                if n > 0 { done += n; continue }
            } catch where error.code == EPIPE {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = try? Syscall.retrying("sigtimedwait") { sigtimedwait(&pipeSignal, nil, &now) }
            } catch {}
            return false
        }
        return true
    }
}
