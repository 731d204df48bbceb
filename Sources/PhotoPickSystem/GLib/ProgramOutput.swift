import CGio
import PhotoPickCore

/// A short program run to its end, its output kept (`photopick portal` runs
/// `xdg-desktop-portal --version` and `systemctl --user …` so). Started by GSubprocess from
/// an argument vector (no shell; stdin /dev/null; this environment), waited for on a main
/// context of its own, and killed when it takes longer than the time given. The limit holds
/// even when a child the program left behind keeps its output open: reading is cancelled
/// then, not waited on.
public struct ProgramOutput: Sendable {
    /// The exit status, nil when it was killed by a signal (or by the time limit).
    public let status: Int32?
    public let stdout: [UInt8]
    public let stderr: [UInt8]
    public let timedOut: Bool

    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// Why a program could not be started (GLib's message).
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// What the callbacks share with the loop below; it outlives both (the loop runs until
    /// the reply came, and the timer is destroyed before `run` returns).
    private final class State {
        let process: OpaquePointer
        let cancellable: UnsafeMutablePointer<GCancellable>
        var finished = false, timedOut = false
        var out: OpaquePointer?, err: OpaquePointer?
        init(_ process: OpaquePointer, _ cancellable: UnsafeMutablePointer<GCancellable>) {
            self.process = process
            self.cancellable = cancellable
        }
    }

    /// Runs `argv` (the program by absolute path) for at most `seconds`.
    public static func run(_ argv: [String], seconds: UInt32) throws(Failure) -> ProgramOutput {
        var cStrings: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        var error: UnsafeMutablePointer<GError>?
        let flags = GSubprocessFlags(rawValue: G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue | G_SUBPROCESS_FLAGS_STDERR_PIPE.rawValue)
        let started = cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                g_subprocess_newv($0, flags, &error)
            }
        }
        guard let process = started else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot start \(argv.first ?? "")"
            if let error { g_error_free(error) }
            throw Failure(description: message)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(process)) }

        let context = g_main_context_new()
        defer { g_main_context_unref(context) }
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }

        let cancellable = g_cancellable_new()!
        defer { g_object_unref(cancellable) }
        let state = State(process, cancellable)
        let data = Unmanaged.passUnretained(state).toOpaque()
        // Finishes once the output pipes close and the program is reaped, or, cancelled at
        // the limit, at once (with an error, and no output).
        g_subprocess_communicate_async(process, nil, cancellable, { _, result, data in
            let state = Unmanaged<State>.fromOpaque(data!).takeUnretainedValue()
            _ = g_subprocess_communicate_finish(state.process, result, &state.out, &state.err, nil)
            state.finished = true
        }, data)
        let timer = g_timeout_source_new_seconds(seconds)!
        defer {
            g_source_destroy(timer)
            g_source_unref(timer)
        }
        g_source_set_callback(timer, { data in
            let state = Unmanaged<State>.fromOpaque(data!).takeUnretainedValue()
            state.timedOut = true
            g_subprocess_force_exit(state.process)
            g_cancellable_cancel(state.cancellable)
            return 0  // G_SOURCE_REMOVE
        }, data, nil)
        g_source_attach(timer, context)
        while !state.finished { g_main_context_iteration(context, 1) }

        // Cancelled, the program may not be reaped yet: GLib may not be asked for its status.
        let exited = !state.timedOut && g_subprocess_get_if_exited(process) != 0
        return ProgramOutput(status: exited ? g_subprocess_get_exit_status(process) : nil,
                             stdout: bytes(state.out), stderr: bytes(state.err), timedOut: state.timedOut)
    }

    /// A GBytes' contents, releasing it.
    private static func bytes(_ gbytes: OpaquePointer?) -> [UInt8] {
        guard let gbytes else { return [] }
        defer { g_bytes_unref(gbytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(gbytes, &size) else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }
}
