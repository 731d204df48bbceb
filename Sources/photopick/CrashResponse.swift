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
///
/// A caller that gives up (SIGTERM, the portal's cancel; SIGINT, SIGHUP) before the window
/// takes those signals over gets a cancel response the same way, and photopick exits 1 as
/// the window's Cancel does: also while it waits in `open` for a FIFO's writer to send the
/// request, which no handler on the main loop could interrupt. The window's own handlers
/// (PickerApplication, through GLib) replace these once it runs.
enum CrashResponse {
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]
    private static let stopSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    private struct Prepared {
        let target: UnsafeMutablePointer<CChar>
        /// Names to try in turn: each is created with O_EXCL|O_NOFOLLOW, so a link or file
        /// planted under one is never followed nor truncated; the next name is tried instead.
        let temporaries: UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>>
        /// The error response after a crash, and the cancel response after a stop signal.
        let failure: UnsafeMutableBufferPointer<UInt8>
        let cancel: UnsafeMutableBufferPointer<UInt8>
        let previous: UnsafeMutablePointer<sigaction>  // indexed by signal number
    }

    // Safe: written once, by `arm` on the main thread before it installs the handlers that
    // read it; never changed after (a signal handler can take no lock).
    nonisolated(unsafe) private static var prepared: Prepared?
    /// 1 while a response is still owed; the first to take it (handler or `disarm`) wins.
    // Safe: a `sig_atomic_t`, the one type C lets a signal handler and the program share.
    nonisolated(unsafe) private static var owed: sig_atomic_t = 0
    private static let attempts = 4

    /// From now on a fatal signal answers `path` with `message` (response 2), a stop signal
    /// with a cancel (response 1).
    static func arm(_ path: RawPath, message: String) {
        guard prepared == nil else { return }
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
                            failure: buffer(ChooserResponse.failure(message).bytes()),
                            cancel: buffer(ChooserResponse(status: .cancelled).bytes()), previous: previous)
        owed = 1
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, _, _ in CrashResponse.answer(signal) }
        action.sa_flags = SA_SIGINFO | SA_NODEFER
        sigemptyset(&action.sa_mask)
        for signal in signals { sigaction(signal, &action, previous + Int(signal)) }
        var stop = sigaction()
        stop.__sigaction_handler.sa_sigaction = { signal, _, _ in CrashResponse.stop(signal) }
        stop.sa_flags = SA_SIGINFO
        sigfillset(&stop.sa_mask)  // one at a time, and no crash answer in the middle of it
        for signal in stopSignals {
            sigaction(signal, nil, previous + Int(signal))
            // A signal the caller had ignored (nohup's SIGHUP) stays ignored.
            if !isIgnored(previous[Int(signal)]) { sigaction(signal, &stop, nil) }
        }
    }

    /// SIG_IGN is the handler 1; C function pointers do not compare in Swift.
    private static func isIgnored(_ action: sigaction) -> Bool {
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1
    }

    private static func buffer(_ bytes: [UInt8]) -> UnsafeMutableBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }

    /// The response was written the ordinary way: nothing is owed any more.
    static func disarm() { owed = 0 }

    private static func answer(_ signal: Int32) {
        if owed == 1, let p = prepared {
            owed = 0
            write(p.failure, p)
        }
        // Hand the signal on: a fault raised again by returning reaches the old handler.
        if let p = prepared { sigaction(signal, p.previous + Int(signal), nil) }
        if signal == SIGABRT || signal == SIGTRAP { raise(signal) }
    }

    /// A stop signal: cancelled, exit 1. Answered already (or being answered): stopped as
    /// the signal itself would have.
    private static func stop(_ signal: Int32) {
        if owed == 1, let p = prepared {
            owed = 0
            write(p.cancel, p)
            _exit(1)  // ExitStatus.cancelled; a literal: nothing lazy may run in a handler
        }
        if let p = prepared { sigaction(signal, p.previous + Int(signal), nil) }
        raise(signal)
    }

    /// `bytes` into the first temporary name that can be made, synced, renamed over the target.
    private static func write(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ p: Prepared) {
        for index in 0..<p.temporaries.count {
            let temporary = p.temporaries[index]
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }  // something planted or left there: another name
                return
            }
            var done = 0
            while done < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                done += n
            }
            let complete = done == bytes.count && fsync(fd) == 0
            close(fd)
            if complete { rename(temporary, p.target) } else { unlink(temporary) }
            return
        }
    }
}
