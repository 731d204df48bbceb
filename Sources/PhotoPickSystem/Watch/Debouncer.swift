import Dispatch
import Synchronization
import PhotoPickCore

/// Coalesces dirty folders until things are quiet, then delivers them as one batch.
///
/// A batch goes out once no report has arrived for `quietPeriod`, or `maxLatency` after
/// its first report while reports keep coming (a long copy still shows progress).
/// Delivery runs on `queue`; reports arriving meanwhile start the next batch.
public final class Debouncer: Sendable {
    public let quietPeriod: Double
    public let maxLatency: Double
    private let queue: DispatchQueue
    private let deliver: @Sendable (DirtyFolders) -> Void
    private let state = Mutex(State())

    private struct State {
        var pending = DirtyFolders()
        var firstReport: DispatchTime?
        var lastReport = DispatchTime.now()
        var checkScheduled = false
        var cancelled = false
    }

    public init(quietPeriod: Double = 0.3, maxLatency: Double = 2.0, queue: DispatchQueue,
                deliver: @escaping @Sendable (DirtyFolders) -> Void) {
        self.quietPeriod = quietPeriod
        self.maxLatency = max(maxLatency, quietPeriod)
        self.queue = queue
        self.deliver = deliver
    }

    /// Adds a report to the pending batch; callable from any thread.
    public func add(_ dirty: DirtyFolders) {
        guard !dirty.isEmpty else { return }
        let now = DispatchTime.now()
        let schedule = state.withLock { s -> Bool in
            guard !s.cancelled else { return false }
            s.pending.merge(dirty)
            if s.firstReport == nil { s.firstReport = now }
            s.lastReport = now
            defer { s.checkScheduled = true }
            return !s.checkScheduled
        }
        if schedule { queue.asyncAfter(deadline: now + quietPeriod) { self.check() } }
    }

    /// Delivers whatever is pending now, on `queue`.
    public func flush() {
        queue.async {
            if let batch = self.takePending(force: true) { self.deliver(batch) }
        }
    }

    /// Drops what is pending and delivers nothing more, until `resume()`.
    public func cancel() {
        state.withLock { $0.cancelled = true; $0.pending = DirtyFolders(); $0.firstReport = nil }
    }

    /// Accepts reports again after `cancel()`.
    public func resume() {
        state.withLock { $0.cancelled = false }
    }

    /// One timer tick, on `queue`: deliver if due, else look again when it will be.
    private func check() {
        if let batch = takePending(force: false) { deliver(batch) }
    }

    private func takePending(force: Bool) -> DirtyFolders? {
        let now = DispatchTime.now()
        let (batch, nextCheck) = state.withLock { s -> (DirtyFolders?, DispatchTime?) in
            guard !s.cancelled, let first = s.firstReport else {
                if !force { s.checkScheduled = false }
                return (nil, nil)
            }
            let due = min(s.lastReport + quietPeriod, first + maxLatency)
            if !force && now < due { return (nil, due) }  // still busy: keep the check scheduled
            let batch = s.pending
            s.pending = DirtyFolders()
            s.firstReport = nil
            if !force { s.checkScheduled = false }
            return (batch, nil)
        }
        if let nextCheck { queue.asyncAfter(deadline: nextCheck) { self.check() } }
        return batch
    }
}
