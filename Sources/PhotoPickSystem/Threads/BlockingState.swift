import Foundation

/// State that a thread may wait on: a `Mutex` with a condition variable, the one there is.
///
/// Shared state is a `Mutex` everywhere else. This is for the few places where a thread must
/// block until another changes something — a writer thread waiting for work, a caller for
/// its writes to land, a walk for a folder read ahead, a synchronous `stop()` for a thread to
/// end — and only on threads that may block (`BlockingThread`, a command's main thread),
/// never in a task: a task awaits instead.
///
/// Every change made under the lock wakes every waiter, which checks its condition again;
/// a waiter never misses a change made after it looked.
// Safe: after `init`, `state` is read and written only between `condition.lock()` and
// `condition.unlock()` (the methods below), and it is `Sendable`, so what leaves is a copy.
public final class BlockingState<State: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var state: State

    public init(_ initial: State) { state = initial }

    /// Runs `body` on the state under the lock, then wakes the waiters.
    public func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&state)
    }

    /// Runs `step` under the lock until it returns a value, waiting for a change between
    /// tries; returns that value (the changes `step` made on the way are kept, and wake the
    /// other waiters).
    public func wait<R>(_ step: (inout State) throws -> R?) rethrows -> R {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        while true {
            if let result = try step(&state) { return result }
            condition.wait()
        }
    }

    /// Returns once `ready` holds.
    public func wait(until ready: (State) -> Bool) {
        wait { ready($0) ? () : nil }
    }

    /// Returns true once `ready` holds, false if it still does not at `deadline`.
    public func wait(until ready: (State) -> Bool, deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !ready(state) {
            if !condition.wait(until: deadline) { return ready(state) }
        }
        return true
    }
}
