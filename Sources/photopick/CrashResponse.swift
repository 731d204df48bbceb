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
        /// Names to try in turn: each is created with O_EXCL|O_NOFOLLOW, so a link or file
        /// planted under one is never followed nor truncated; the next name is tried instead.
        let temporaries: UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>>
        let bytes: UnsafeMutableBufferPointer<UInt8>
        let previous: UnsafeMutablePointer<sigaction>  // indexed by signal number
    }

    nonisolated(unsafe) private static var prepared: Prepared?
    /// 1 while a response is still owed; the first to take it (handler or `disarm`) wins.
    nonisolated(unsafe) private static var owed: sig_atomic_t = 0
    private static let attempts = 4

    /// From now on a fatal signal answers `path` with `message` (response 2).
    static func arm(_ path: RawPath, message: String) {
        guard prepared == nil else { return }
        let response = ChooserResponse.failure(message).bytes()
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: response.count)
        _ = bytes.initialize(from: response)
        let pid = getpid()
        let temporaries = (0..<Self.attempts).map { attempt in
            path.parent.appending(component: Array(".photopick-tmp-crash-\(pid)\(attempt == 0 ? "" : "-\(attempt)")".utf8))
        }
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        // The paths' bytes exactly (a name need not be UTF-8).
        // A buffer, not an array: the handler must not retain or release.
        let names = UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>>.allocate(capacity: temporaries.count)
        _ = names.initialize(from: temporaries.map { $0.withCString { strdup($0)! } })
        prepared = Prepared(target: path.withCString { strdup($0) }, temporaries: names,
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
            for index in 0..<p.temporaries.count {
                let temporary = p.temporaries[index]
                let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                if fd < 0 {
                    if errno == EEXIST { continue }  // something planted or left there: another name
                    break
                }
                var done = 0
                while done < p.bytes.count {
                    let n = write(fd, p.bytes.baseAddress! + done, p.bytes.count - done)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { break }
                    done += n
                }
                let complete = done == p.bytes.count && fsync(fd) == 0
                close(fd)
                if complete { rename(temporary, p.target) } else { unlink(temporary) }
                break
            }
        }
        // Hand the signal on: a fault raised again by returning reaches the old handler.
        if let p = prepared { sigaction(signal, p.previous + Int(signal), nil) }
        if signal == SIGABRT || signal == SIGTRAP { raise(signal) }
    }
}
