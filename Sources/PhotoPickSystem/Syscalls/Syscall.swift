#if canImport(Glibc)
import Glibc
#endif
import PhotoPickCore

/// The one way photopick makes a system call that may fail: retried while a signal
/// interrupts it (EINTR), and a failure turned into a typed `SystemError` that names the
/// call and carries `errno`. Modelled on swift-nio's `syscall` (NIOPosix/System.swift).
public enum Syscall {
    /// Runs `body` until it returns something other than -1-with-EINTR; a negative result
    /// throws with the call's `errno`.
    @inline(__always)
    public static func retrying<T: FixedWidthInteger>(_ call: String, _ body: () -> T) throws(SystemError) -> T {
        while true {
            let result = body()
            guard result < 0 else { return result }
            let code = errno
            if code == EINTR { continue }
            throw SystemError(call: call, code: code)
        }
    }

    /// For calls that return a pointer, nil on failure (`opendir`, `realpath`).
    @inline(__always)
    public static func retrying<T>(_ call: String, _ body: () -> T?) throws(SystemError) -> T {
        while true {
            if let result = body() { return result }
            let code = errno
            if code == EINTR { continue }
            throw SystemError(call: call, code: code)
        }
    }
}

extension SystemError {
    /// The failure of `call` with `code`, described by `strerror`.
    public init(call: String, code: Int32) {
        self.init(call: call, code: code, reason: Self.text(code))
    }

    /// `strerror(code)`, keeping its bytes (glibc's messages are ASCII in the C locale).
    public static func text(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
    }
}

extension ScanProblem {
    /// A folder or file the walk or the watcher could not read.
    public init(path: RawPath, error: SystemError, isFile: Bool = false) {
        self.init(path: path, code: error.code, reason: error.reason, isFile: isFile)
    }
}
