#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore
import PhotoPickSystem

/// The last answer for a caller waiting on a response file. If photopick stops on a fatal
/// signal before it answered — a trap from a bug, a crash inside a C library — a signal
/// handler writes a prepared error response in its place, as `AtomicFile` would (a
/// temporary file in the same folder, fsync, rename), then lets the crash go on as before
/// (the previous handler, Swift's backtracer, still runs). Everything the handler touches is
/// prepared when it is armed: it only calls async-signal-safe functions.
enum CrashResponse {
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]

    private struct Prepared {
        let target: UnsafeMutablePointer<CChar>
        let temporary: UnsafeMutablePointer<CChar>
        let bytes: UnsafeMutableBufferPointer<UInt8>
        let previous: UnsafeMutablePointer<sigaction>  // indexed by signal number
    }

    nonisolated(unsafe) private static var prepared: Prepared?
    /// 1 while a response is still owed; the first to take it (handler or `disarm`) wins.
    nonisolated(unsafe) private static var owed: sig_atomic_t = 0

    /// From now on a fatal signal answers `path` with `message` (response 2).
    static func arm(_ path: RawPath, message: String) {
        guard prepared == nil else { return }
        let response = ChooserResponse.failure(message).bytes()
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: response.count)
        _ = bytes.initialize(from: response)
        let temporary = path.parent.appending(component: Array(".photopick-tmp-crash-\(getpid())".utf8))
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        // The paths' bytes exactly (a name need not be UTF-8).
        prepared = Prepared(target: path.withCString { strdup($0) }, temporary: temporary.withCString { strdup($0) },
                            bytes: bytes, previous: previous)
        owed = 1
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, _, _ in CrashResponse.answer(signal) }
        action.sa_flags = SA_SIGINFO | SA_NODEFER
        sigemptyset(&action.sa_mask)
        for signal in signals { sigaction(signal, &action, previous + Int(signal)) }
    }

    /// The response was written the ordinary way: nothing is owed any more.
    static func disarm() { owed = 0 }

    private static func answer(_ signal: Int32) {
        if owed == 1, let p = prepared {
            owed = 0
            let fd = open(p.temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            if fd >= 0 {
                var done = 0
                while done < p.bytes.count {
                    let n = write(fd, p.bytes.baseAddress! + done, p.bytes.count - done)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { break }
                    done += n
                }
                let complete = done == p.bytes.count && fsync(fd) == 0
                close(fd)
                if complete { rename(p.temporary, p.target) } else { unlink(p.temporary) }
            }
        }
        // Hand the signal on: a fault raised again by returning reaches the old handler.
        if let p = prepared { sigaction(signal, p.previous + Int(signal), nil) }
        if signal == SIGABRT || signal == SIGTRAP { raise(signal) }
    }
}
