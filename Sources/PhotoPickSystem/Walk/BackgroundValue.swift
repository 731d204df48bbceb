import Foundation

/// A value computed on a thread of its own while the caller does something else; `value`
/// waits for it. For a one-shot command's two independent halves (`photopick list` reads
/// the index while it walks the disk), where each would otherwise wait for the other.
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the thread before it signals `done`; read only after waiting on it.
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        Thread.detachNewThread { [self] in
            result = work()
            done.signal()
        }
    }

    /// The value, once the thread has made it (call once).
    func value() -> Value {
        done.wait()
        return result!
    }
}
