/// A failed operating-system call: which call, its `errno` and the system's words for it.
///
/// A value the model can carry (into a `ScanProblem`, a message); only PhotoPickSystem
/// makes one, from a real failure.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call that failed, e.g. "open" or "inotify_add_watch".
    public let call: String
    public let code: Int32
    /// `strerror(code)`, e.g. "No such file or directory".
    public let reason: String

    public init(call: String, code: Int32, reason: String) {
        self.call = call
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(call): \(reason)" }
}
