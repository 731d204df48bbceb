import CGio
import PhotoPickGLib

/// A program started without a shell (GSubprocess: argv as given, stdin from /dev/null,
/// stdout shared with the backend). Its stderr is either shared too, or read line by line
/// and handed to `stderrLine` (the backend escapes each into its own log: a line the program
/// prints may hold a file name an app chose, newlines and all).
@MainActor
public final class ChildProcess {
    public enum Exit: Equatable, Sendable, CustomStringConvertible {
        case status(Int32)
        case signal(Int32)
        public var description: String {
            switch self {
            case .status(let s): return "exit status \(s)"
            case .signal(let s): return "signal \(s)"
            }
        }
    }

    // Safe: immutable, used only on the main actor, and released in deinit, which is not
    // isolated but runs once no one else holds the object.
    nonisolated(unsafe) private let raw: OpaquePointer
    public private(set) var exited = false

    /// `diesWithParent`: the child gets SIGKILL when this process dies, however it dies.
    public init(_ argv: [String], diesWithParent: Bool = false,
                stderrLine: (@MainActor ([UInt8]) -> Void)? = nil) throws(BusError) {
        var cStrings: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        var error: UnsafeMutablePointer<GError>?
        let launcher = g_subprocess_launcher_new(stderrLine == nil ? G_SUBPROCESS_FLAGS_NONE : G_SUBPROCESS_FLAGS_STDERR_PIPE)
        defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
        if diesWithParent {
            g_subprocess_launcher_set_child_setup(launcher, { pp_die_with_parent($0) },
                                                  UnsafeMutableRawPointer(bitPattern: Int(getpid())), nil)
        }
        let process = cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                g_subprocess_launcher_spawnv(launcher, $0, &error)
            }
        }
        guard let process else { throw BusError(name: nil, message: consume(error)) }
        raw = process
        if let stderrLine, let pipe = g_subprocess_get_stderr_pipe(process) {
            Self.readLines(g_data_input_stream_new(pipe), stderrLine)
        }
    }

    /// Reads `stream` a line at a time until its end, on the main loop.
    private static func readLines(_ stream: UnsafeMutablePointer<GDataInputStream>?, _ each: @escaping @MainActor ([UInt8]) -> Void) {
        typealias Reader = (UnsafeMutablePointer<GDataInputStream>?, @MainActor ([UInt8]) -> Void)
        g_data_input_stream_read_line_async(stream, G_PRIORITY_DEFAULT, nil, { source, result, data in
            let (stream, each) = CallbackBox<Reader>.take(data).call
            MainActor.assumeIsolated {
                var length: gsize = 0
                guard let line = g_data_input_stream_read_line_finish(stream, result, &length, nil) else {
                    g_object_unref(UnsafeMutableRawPointer(stream))  // the end, or an error: done
                    return
                }
                let bytes = Array(UnsafeRawBufferPointer(start: line, count: Int(length)).bindMemory(to: UInt8.self))
                g_free(line)
                each(bytes)
                ChildProcess.readLines(stream, each)
            }
        }, CallbackBox<Reader>((stream, each)).retainedPointer())
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(raw)) }

    public var pid: String { g_subprocess_get_identifier(raw).map { String(cString: $0) } ?? "?" }

    /// Calls `done` once the program has ended.
    public func wait(_ done: @escaping @MainActor (Exit) -> Void) {
        typealias Done = (ChildProcess, @MainActor (Exit) -> Void)
        g_subprocess_wait_async(raw, nil, { _, result, data in
            let (process, done) = CallbackBox<Done>.take(data).call
            MainActor.assumeIsolated {
                _ = g_subprocess_wait_finish(process.raw, result, nil)
                process.exited = true
                let exit: Exit = g_subprocess_get_if_signaled(process.raw) != 0
                    ? .signal(g_subprocess_get_term_sig(process.raw))
                    : .status(g_subprocess_get_exit_status(process.raw))
                done(exit)
            }
        }, CallbackBox<Done>((self, done)).retainedPointer())
    }

    public func signal(_ number: Int32) {
        guard !exited else { return }
        g_subprocess_send_signal(raw, number)
    }
}
